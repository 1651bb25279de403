import { AssignmentsPanel } from "~/components/home/assignments-panel";
import { Hero } from "~/components/home/hero";
import { HowItWorksSection } from "~/components/home/how-it-works-section";
import { RecentCourses } from "~/components/home/recent-courses";

export default function HomePage() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 py-8 sm:px-6 lg:py-10">
      <Hero />
      <AssignmentsPanel />
      <RecentCourses />
      <HowItWorksSection />
    </div>
  );
}

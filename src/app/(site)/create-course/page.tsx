import type { Metadata } from "next";
import { Suspense } from "react";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { CourseLimitBanner } from "~/components/create-course/course-limit-banner";
import { CreateCourseForm } from "~/components/create-course/create-course-form";
import { HowItWorksCard } from "~/components/create-course/how-it-works-card";
import { PageContainer } from "~/components/layout/page-container";
import { CenteredSpinner } from "~/components/ui/spinner";

export const metadata: Metadata = { title: "Create Course" };

export default function CreateCoursePage() {
  return (
    <ProtectedRoute>
      <PageContainer
        title="Create a New Course"
        description={<p>Pick a topic, or paste a YouTube link, and our AI turns a video into a course of chapters and sections.</p>}
      >
        <div className="grid gap-6">
          <CourseLimitBanner />
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
            {/* The form reads ?topic= and ?job= from the URL. */}
            <Suspense fallback={<CenteredSpinner label="Loading" />}>
              <CreateCourseForm />
            </Suspense>
            <HowItWorksCard />
          </div>
        </div>
      </PageContainer>
    </ProtectedRoute>
  );
}

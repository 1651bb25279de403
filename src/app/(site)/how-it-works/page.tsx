import type { Metadata } from "next";
import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { BookOpenCheck } from "~/components/ui/icons/book-open-check";
import { Compass } from "~/components/ui/icons/compass";
import { ListChecks } from "~/components/ui/icons/list-checks";
import type { LucideIcon } from "~/components/ui/icons/lucide-icon";
import { MessagesSquare } from "~/components/ui/icons/messages-square";
import { Sparkles } from "~/components/ui/icons/sparkles";
import { TvMinimalPlay } from "~/components/ui/icons/tv-minimal-play";

export const metadata: Metadata = { title: "How It Works" };

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Compass,
    title: "Choose Your Topic",
    text: "Tell us what you want to learn, pick a complexity (beginner, intermediate or advanced) and add any extra instructions. The AI finds an educational video on the topic.",
  },
  {
    icon: Sparkles,
    title: "AI Course Generation",
    text: "The AI analyzes the video's transcript and builds a structured course: chapters and sections, each linked to the moment of the video it covers.",
  },
  {
    icon: TvMinimalPlay,
    title: "Learn at Your Own Pace",
    text: "Work through the sections with the video synced to each one. Your progress is saved, so you can pick up exactly where you left off.",
  },
  {
    icon: ListChecks,
    title: "Test Your Knowledge",
    text: "Every section comes with a short quiz. Score 70% or more to pass, and read the explanations to learn from any mistakes.",
  },
  {
    icon: MessagesSquare,
    title: "Chat with AI",
    text: "Ask questions about the course and get answers from an AI assistant that knows its content.",
  },
  {
    icon: BookOpenCheck,
    title: "Discover Related Content",
    text: "When you finish a course, get suggestions for related courses to keep your learning going.",
  },
];

export default function HowItWorksPage() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">How It Works</h1>
      <p className="mt-3 text-lg text-muted-foreground">From a topic to a structured course you can follow, test yourself on and talk about, in six steps.</p>
      <ol className="mt-10 space-y-6">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex gap-4 rounded-lg border bg-card p-5 text-card-foreground shadow-sm">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Step {index + 1}</p>
              <h2 className="text-lg font-semibold">{title}</h2>
              <p className="mt-1 text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <section aria-labelledby="how-it-works-cta" className="mt-12 rounded-xl border bg-primary/5 p-8 text-center">
        <h2 id="how-it-works-cta" className="text-2xl font-bold tracking-tight">
          Ready to start learning?
        </h2>
        <p className="mt-2 text-muted-foreground">Pick a topic and get your first course in about a minute.</p>
        <Link href="/create-course" className={buttonVariants({ size: "lg", className: "mt-6" })}>
          Create Your First Course
        </Link>
      </section>
    </div>
  );
}

import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { MessagesSquare } from "~/components/ui/icons/messages-square";
import { Search } from "~/components/ui/icons/search";
import { Sparkles } from "~/components/ui/icons/sparkles";

const STEPS = [
  {
    icon: Search,
    title: "Choose Your Topic",
    description: "Tell us what you want to learn and our AI finds an educational video on it.",
  },
  {
    icon: Sparkles,
    title: "AI Course Generation",
    description: "The AI analyzes the video and builds a course of chapters and sections.",
  },
  {
    icon: MessagesSquare,
    title: "Learn & Chat",
    description: "Follow the course at your own pace, test yourself with quizzes and chat with an AI assistant about the content.",
  },
] as const;

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title" className="text-2xl font-bold tracking-tight">
        How It Works
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, description }, index) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Step {index + 1}</p>
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription>{description}</CardDescription>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex justify-center">
        <Link href="/create-course" className={buttonVariants()}>
          Start Creating
        </Link>
      </div>
    </section>
  );
}

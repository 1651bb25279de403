import type { ReactNode } from "react";

import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Award } from "~/components/ui/icons/award";
import { Flame } from "~/components/ui/icons/flame";
import { Target } from "~/components/ui/icons/target";

import { BADGE_CATALOGUE } from "./badges";

function Explainer({ icon: Icon, title, children }: { icon: typeof Flame; title: string; children: ReactNode }) {
  return (
    <li>
      <Card className="h-full">
        <CardHeader>
          <span className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm text-muted-foreground">{children}</CardContent>
      </Card>
    </li>
  );
}

/** What streaks, badges and daily challenges are, and how they are earned. */
export function HowItWorks() {
  return (
    <section aria-labelledby="gamification-how-title" className="grid gap-4">
      <h2 id="gamification-how-title" className="text-xl font-semibold tracking-tight">
        How It Works
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        <Explainer icon={Flame} title="Learning Streaks">
          <p>A day counts when you complete a section, submit a quiz, ask the course tutor a question, or visit this page.</p>
          <p>Learn on consecutive days to grow your streak. Days follow your own time zone.</p>
        </Explainer>
        <Explainer icon={Award} title="Badges">
          <p>Badges are awarded automatically, once each:</p>
          <ul className="grid gap-1">
            {BADGE_CATALOGUE.map(({ key, name, earnedBy }) => (
              <li key={key}>
                <span className="font-medium text-foreground">{name}</span>: {earnedBy}
              </li>
            ))}
          </ul>
        </Explainer>
        <Explainer icon={Target} title="Daily Challenges">
          <p>New challenges every day. Join one to take part: only learning you do after joining counts toward it.</p>
          <p>Challenges end at midnight UTC. Completing your first one earns the Challenge Accepted badge.</p>
        </Explainer>
      </ul>
    </section>
  );
}

import Link from "next/link";
import type { ReactNode } from "react";

import { PageContainer } from "~/components/layout/page-container";
import { PRODUCT_NAME } from "~/components/layout/logo";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { BookOpen } from "~/components/ui/icons/book-open";
import { BookOpenCheck } from "~/components/ui/icons/book-open-check";
import { Flame } from "~/components/ui/icons/flame";
import { ListChecks } from "~/components/ui/icons/list-checks";
import type { LucideIcon } from "~/components/ui/icons/lucide-icon";
import { Sparkles } from "~/components/ui/icons/sparkles";
import { TrendingUp } from "~/components/ui/icons/trending-up";
import { Trophy } from "~/components/ui/icons/trophy";
import { MAX_LEVEL } from "~/lib/levels";
import type { AchievementCardView } from "~/lib/schemas/gamification";

import { BadgeIcon } from "./badge-icon";

const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;

/** "November 2026". Rendered on the server for any visitor, so in one fixed locale and zone, not the server's. */
function formatMonth(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", year: "numeric" });
}

const achievementCardTitle = (name: string) => `${name}'s Learning Achievements`;

function StatTile({ icon: Icon, term, value, testId }: { icon: LucideIcon; term: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col justify-between gap-2 rounded-md border bg-background/60 p-3 sm:p-4">
      <dt className="flex items-start gap-2 text-sm leading-snug text-muted-foreground">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {term}
      </dt>
      <dd className="text-xl font-bold sm:text-2xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Badges({ card }: { card: AchievementCardView }) {
  if (card.badges.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No badges yet: {card.name} is just getting started. Badges come with learning streaks, finished courses, perfect quizzes and daily challenges.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {card.badges.map((badge) => (
        <li key={badge.key} className="flex items-start gap-3 rounded-md border p-3">
          <BadgeIcon type={badge.type} />
          <div className="min-w-0">
            <p className="font-medium">{badge.name}</p>
            <p className="text-sm text-muted-foreground">{badge.description}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              Earned <time dateTime={badge.awardedAt}>{formatMonth(badge.awardedAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The public achievements card (/achievements/{cardId}): a server component, readable signed in or not. */
export function AchievementCard({ card }: { card: AchievementCardView }) {
  return (
    <PageContainer
      title={achievementCardTitle(card.name)}
      className="break-words"
      description={
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <span
            data-testid="card-level"
            className="inline-flex items-center gap-1.5 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground"
          >
            <Trophy aria-hidden="true" className="size-4" />
            Level {card.level}
            {card.level === MAX_LEVEL ? <span className="font-normal">(top level)</span> : null}
          </span>
          <p>
            Member since <time dateTime={card.memberSince}>{formatMonth(card.memberSince)}</time>
          </p>
        </div>
      }
    >
      <div className="grid gap-8">
        <section aria-labelledby="card-stats-title">
          <Card>
            <CardHeader>
              <CardTitle as="h2" id="card-stats-title">
                Learning Stats
              </CardTitle>
              <CardDescription>Courses, streaks and practice on {PRODUCT_NAME}</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
                <StatTile icon={BookOpen} term="Courses Started" testId="card-courses-started" value={card.coursesStarted} />
                <StatTile icon={BookOpenCheck} term="Courses Completed" testId="card-courses-completed" value={card.coursesCompleted} />
                <StatTile icon={Flame} term="Current Streak" testId="card-current-streak" value={days(card.currentStreak)} />
                <StatTile icon={TrendingUp} term="Longest Streak" testId="card-longest-streak" value={days(card.longestStreak)} />
                <StatTile icon={Sparkles} term="Sections Completed" testId="card-sections" value={card.totalSectionsCompleted} />
                <StatTile icon={ListChecks} term="Quizzes Completed" testId="card-quizzes" value={card.totalQuizzesCompleted} />
              </dl>
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="card-badges-title">
          <Card>
            <CardHeader>
              <CardTitle as="h2" id="card-badges-title">
                Badges
              </CardTitle>
              <CardDescription>{card.badges.length === 1 ? "1 badge earned" : `${card.badges.length} badges earned`}</CardDescription>
            </CardHeader>
            <CardContent>
              <Badges card={card} />
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="card-cta-title" className="rounded-xl border bg-primary/5 p-6 text-center sm:p-8">
          <h2 id="card-cta-title" className="text-2xl font-bold tracking-tight">
            Start your own learning journey
          </h2>
          <p className="mt-2 text-muted-foreground">Turn any topic into a structured video course with quizzes and an AI tutor, in about a minute.</p>
          <Link href="/create-course" className={buttonVariants({ size: "lg", className: "mt-6" })}>
            Create your own course
          </Link>
        </section>
      </div>
    </PageContainer>
  );
}

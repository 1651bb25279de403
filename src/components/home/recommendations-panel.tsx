"use client";

import Link from "next/link";
import { useId } from "react";

import { AchievementsPanel } from "~/components/gamification/achievements-panel";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Sparkles } from "~/components/ui/icons/sparkles";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Thumbnail } from "~/components/ui/thumbnail";
import { useLatestCourse } from "~/hooks/use-latest-course";
import type { CourseSummary } from "~/lib/schemas/course";
import { api } from "~/trpc/react";

import { capitalise } from "./course-card";
import { courseDescription, interestLine, RECOMMENDATION_COUNT, recommendationsState, type RecommendationsState } from "./recommendations";

const HEADINGS: Record<RecommendationsState, string> = {
  loading: "Recommended For You",
  empty: "Personalized Recommendations",
  ready: "Your Learning Path",
};

function SkeletonCards() {
  return (
    <>
      <p className="sr-only" role="status">
        Loading recommendations
      </p>
      <ul aria-hidden="true" className="grid gap-4 md:grid-cols-3">
        {Array.from({ length: RECOMMENDATION_COUNT }, (_, index) => (
          <li key={index} className="grid gap-3 rounded-lg border p-6">
            <div className="h-5 w-3/4 animate-pulse rounded bg-muted" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
            <div className="h-16 animate-pulse rounded bg-muted" />
            <div className="h-9 w-32 animate-pulse rounded bg-muted" />
          </li>
        ))}
      </ul>
    </>
  );
}

/** With a course made, the invitation is to create another, not a first one. */
function NoRecommendations() {
  const latest = useLatestCourse();
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Sparkles aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-md text-sm text-muted-foreground">Complete your first course to get personalized recommendations based on your interests.</p>
      <Link href="/create-course" className={buttonVariants({ className: "mt-6" })}>
        {latest === null ? "Create Your First Course" : latest ? "Create Another Course" : "Create a Course"}
      </Link>
    </div>
  );
}

function RecommendationCard({ course }: { course: CourseSummary }) {
  const titleId = useId();
  return (
    <Card data-testid="recommendation-card" className="flex h-full flex-col overflow-hidden">
      {course.thumbnailUrl ? <Thumbnail src={course.thumbnailUrl} width={480} height={270} className="aspect-video w-full" iconSize="lg" /> : null}
      <CardHeader>
        <CardTitle id={titleId} className="line-clamp-2">
          {course.title}
        </CardTitle>
        <CardDescription>{interestLine(course.complexity)}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="line-clamp-3 text-sm">{courseDescription(course.description)}</p>
      </CardContent>
      <CardFooter className="justify-between gap-3">
        <Link href={`/course/${course.id}`} aria-describedby={titleId} className={buttonVariants({ size: "sm" })}>
          Start Learning
        </Link>
        <span className="rounded-full border px-2.5 py-0.5 text-xs font-medium text-muted-foreground">{capitalise(course.complexity)}</span>
      </CardFooter>
    </Card>
  );
}

/**
 * The home page's panel for signed-in learners, after their recent courses: public courses like
 * theirs under 'Recommended', and their achievements. A failed load shows as "nothing yet".
 */
export default function RecommendationsPanel({ userId }: { userId: number }) {
  const recommendations = api.course.recommendations.useQuery(
    { limit: RECOMMENDATION_COUNT },
    { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
  );
  const state = recommendationsState(recommendations);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} aria-busy={state === "loading"} data-testid="recommendations-panel" data-state={state}>
      <h2 id={headingId} className="mb-4 text-2xl font-bold tracking-tight">
        {HEADINGS[state]}
      </h2>
      {state === "loading" ? <SkeletonCards /> : null}
      {state === "empty" ? <NoRecommendations /> : null}
      {state === "ready" ? (
        <Tabs defaultValue="recommended" className="grid gap-4">
          <TabsList aria-labelledby={headingId} className="justify-self-start">
            <TabsTrigger value="recommended">Recommended</TabsTrigger>
            <TabsTrigger value="achievements">Achievements</TabsTrigger>
          </TabsList>
          <TabsContent value="recommended">
            <ul className="grid gap-4 md:grid-cols-3">
              {recommendations.data?.map((course) => (
                <li key={course.id}>
                  <RecommendationCard course={course} />
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="achievements">
            <AchievementsPanel userId={userId} headingLevel={3} />
          </TabsContent>
        </Tabs>
      ) : null}
    </section>
  );
}

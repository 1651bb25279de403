"use client";

import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { api } from "~/trpc/react";

import { courseLimitSummary } from "./course-limit";

/** This month's course allowance, with the way to more of it for free learners. */
export function CourseLimitBanner() {
  const limit = api.generation.courseLimit.useQuery();
  if (!limit.data) return <div aria-hidden="true" className="h-[4.5rem] animate-pulse rounded-lg border bg-muted/40" />;

  const { canCreateCourse, subscriptionTier } = limit.data;
  const free = subscriptionTier === "free";
  return (
    <section
      aria-label="Course limit"
      data-testid="course-limit-banner"
      className={cn(
        "flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between",
        canCreateCourse ? "bg-primary/5" : "border-destructive/40 bg-destructive/5",
      )}
    >
      <div className="grid gap-1 text-sm">
        <p className="font-medium">{courseLimitSummary(limit.data)}</p>
        {free ? (
          <p className="text-muted-foreground">
            {canCreateCourse
              ? "Upgrade for unlimited courses every month."
              : "You have used this month's free course. Upgrade to Premium for unlimited courses."}
          </p>
        ) : null}
      </div>
      {free ? (
        <Link href="/subscription" className={buttonVariants({ size: "sm", variant: canCreateCourse ? "outline" : "default" })}>
          Upgrade to Premium
        </Link>
      ) : null}
    </section>
  );
}

"use client";

import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { ArrowRight } from "~/components/ui/icons/arrow-right";
import { useLatestCourse } from "~/hooks/use-latest-course";

/**
 * The hero's first buttons: the spec's 'Create Your First Course' for a visitor or a learner
 * without courses; a learner with courses is invited to continue the newest one, create another,
 * or see what they know across their courses (/mastery).
 */
export function HeroActions() {
  const latest = useLatestCourse();
  if (latest === undefined) {
    // Not known yet: a link that is right either way.
    return (
      <Link href="/create-course" className={buttonVariants({ size: "lg" })}>
        Create a Course
        <ArrowRight aria-hidden="true" />
      </Link>
    );
  }
  if (latest === null) {
    return (
      <Link href="/create-course" className={buttonVariants({ size: "lg" })}>
        Create Your First Course
        <ArrowRight aria-hidden="true" />
      </Link>
    );
  }
  return (
    <>
      <Link href={`/course/${latest.id}`} className={buttonVariants({ size: "lg" })} data-testid="hero-continue">
        Continue Learning
        <ArrowRight aria-hidden="true" />
      </Link>
      <Link href="/create-course" className={buttonVariants({ size: "lg", variant: "outline" })}>
        Create Another Course
      </Link>
      <Link href="/mastery" className={buttonVariants({ size: "lg", variant: "outline" })} data-testid="hero-mastery">
        See What You Know
      </Link>
    </>
  );
}

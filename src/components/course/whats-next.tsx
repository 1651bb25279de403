import Link from "next/link";
import type { ReactNode } from "react";

import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** The spec's limit on related courses at the end of a course. */
export const MAX_RELATED_COURSES = 3;

/**
 * The congratulations panel on the last section. `related` is the slot for up to
 * MAX_RELATED_COURSES related courses (the course player passes RelatedCourses).
 */
export function WhatsNext({ related }: { related?: ReactNode }) {
  return (
    <Card data-testid="whats-next" className="border-primary/40">
      <CardHeader>
        <CardTitle as="h2">What&apos;s Next?</CardTitle>
        <CardDescription>Congratulations on reaching the end of this course! Keep the momentum going with a new topic.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {related ? <div data-slot="related-courses">{related}</div> : null}
        <div className="flex flex-wrap gap-2">
          <Link href="/create-course" className={buttonVariants()}>
            Create a New Course
          </Link>
          <Link href="/" className={buttonVariants({ variant: "outline" })}>
            Return Home
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

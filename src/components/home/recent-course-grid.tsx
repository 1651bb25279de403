"use client";

import Link from "next/link";

import { Button, buttonVariants } from "~/components/ui/button";
import { BookOpen } from "~/components/ui/icons/book-open";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { CourseCard } from "./course-card";
import { Loading, StatePanel } from "./state-panel";

const RECENT_COURSES_LIMIT = 4;

/** The signed-in learner's latest courses; RecentCourses loads this module for signed-in learners only. */
export default function CourseGrid() {
  const courses = api.course.mine.useQuery();

  if (courses.isPending) return <Loading />;
  if (courses.isError) {
    return (
      <StatePanel icon={<BookOpen aria-hidden="true" className="size-6" />} title="Your courses could not be loaded" text={failureText(courses.error)}>
        <Button variant="outline" onClick={() => void courses.refetch()}>
          Try again
        </Button>
      </StatePanel>
    );
  }
  if (courses.data.length === 0) {
    return (
      <StatePanel
        icon={<BookOpen aria-hidden="true" className="size-6" />}
        title="No courses yet"
        text="Start by creating your first course from a YouTube video. Our AI will help you structure the content into a comprehensive learning experience."
      >
        <Link href="/create-course" className={buttonVariants()}>
          Create Your First Course
        </Link>
      </StatePanel>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-testid="recent-courses">
      {courses.data.slice(0, RECENT_COURSES_LIMIT).map((course) => (
        <li key={course.id}>
          <CourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}

"use client";

import { BookOpen, LogIn } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";

import { Button, buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";
import { api } from "~/trpc/react";

import { CourseCard } from "./course-card";

const RECENT_COURSES_LIMIT = 4;

function StatePanel({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">{icon}</span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{text}</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
}

function Loading() {
  return (
    <div className="flex items-center justify-center gap-3 rounded-lg border px-6 py-10 text-muted-foreground">
      <Spinner />
      <p>Loading your educational journey...</p>
    </div>
  );
}

function SignedOut() {
  return (
    <StatePanel
      icon={<LogIn aria-hidden="true" className="size-6" />}
      title="Sign in to see your courses"
      text="Please login or register to start creating and accessing your courses."
    >
      <Link href="/auth" className={buttonVariants()}>
        Sign In / Register
      </Link>
    </StatePanel>
  );
}

function CourseGrid() {
  const courses = api.course.mine.useQuery();

  if (courses.isPending) return <Loading />;
  if (courses.isError) {
    return (
      <StatePanel icon={<BookOpen aria-hidden="true" className="size-6" />} title="Your courses could not be loaded" text={courses.error.message}>
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

export function RecentCourses() {
  const { user, isLoading } = useSessionUser();
  return (
    <section aria-labelledby="recent-courses-title">
      <h2 id="recent-courses-title" className="mb-4 text-2xl font-bold tracking-tight">
        Your Recent Courses
      </h2>
      {isLoading ? <Loading /> : user ? <CourseGrid /> : <SignedOut />}
    </section>
  );
}

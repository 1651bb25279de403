"use client";

import Link from "next/link";
import { lazy, Suspense } from "react";

import { Spinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";

const CourseList = lazy(() => import("./sidebar-course-list"));

function SignedOutHint() {
  return (
    <p className="px-2 text-sm text-muted-foreground">
      <Link href="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
        Sign in
      </Link>{" "}
      to track your courses and progress.
    </p>
  );
}

export function SidebarCourses() {
  const { user, isLoading } = useSessionUser();
  const loading = <Spinner label="Loading your courses" className="mx-2" />;
  if (isLoading) return loading;
  if (!user) return <SignedOutHint />;
  return (
    <Suspense fallback={loading}>
      <CourseList />
    </Suspense>
  );
}

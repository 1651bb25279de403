"use client";

import Link from "next/link";
import { lazy, Suspense } from "react";

import { buttonVariants } from "~/components/ui/button";
import { LogIn } from "~/components/ui/icons/log-in";
import { useSessionUser } from "~/hooks/use-session";

import { Loading, StatePanel } from "./state-panel";

const RecentCourseGrid = lazy(() => import("./recent-course-grid"));
const RecommendationsPanel = lazy(() => import("./recommendations-panel"));

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

export function RecentCourses() {
  const { user, isLoading } = useSessionUser();
  return (
    <>
      <section aria-labelledby="recent-courses-title">
        <h2 id="recent-courses-title" className="mb-4 text-2xl font-bold tracking-tight">
          Your Recent Courses
        </h2>
        {isLoading ? (
          <Loading />
        ) : user ? (
          <Suspense fallback={<Loading />}>
            <RecentCourseGrid />
          </Suspense>
        ) : (
          <SignedOut />
        )}
      </section>
      {/* Signed-in learners only: public courses like theirs, and their achievements. */}
      {user ? (
        <Suspense fallback={null}>
          <RecommendationsPanel userId={user.id} />
        </Suspense>
      ) : null}
    </>
  );
}

"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import { cn } from "~/components/ui/cn";
import { Progress } from "~/components/ui/progress";
import { Spinner } from "~/components/ui/spinner";
import { Thumbnail } from "~/components/ui/thumbnail";
import { api } from "~/trpc/react";

import { courseProgressPercent, MIN_PROGRESS_BAR_PERCENT } from "./course-progress";

/** The signed-in learner's courses with their progress; SidebarCourses loads this module for signed-in learners only. */
export default function CourseList() {
  const pathname = usePathname();
  const courses = api.course.mine.useQuery();
  const progress = api.progress.mine.useQuery();

  if (courses.isPending) return <Spinner label="Loading your courses" className="mx-2" />;
  if (courses.isError) return <p className="px-2 text-sm text-muted-foreground">Your courses could not be loaded.</p>;
  if (courses.data.length === 0) return <p className="px-2 text-sm text-muted-foreground">No courses yet. Create your first course!</p>;

  const progressByCourse = new Map((progress.data ?? []).map((record) => [record.courseId, record]));
  return (
    <ul className="space-y-1" data-testid="sidebar-courses">
      {courses.data.map((course) => {
        const href = `/course/${course.id}`;
        const active = pathname === href;
        const percent = courseProgressPercent(progressByCourse.get(course.id));
        return (
          <li key={course.id}>
            <Link
              href={href}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex gap-3 rounded-md p-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                active && "bg-accent font-medium text-accent-foreground ring-1 ring-primary/40",
              )}
            >
              <Thumbnail src={course.thumbnailUrl} width={48} height={36} className="h-9 w-12 shrink-0 rounded" />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2">{course.title}</span>
                <span className="mt-1 flex items-center gap-2">
                  <Progress value={percent} minVisiblePercent={MIN_PROGRESS_BAR_PERCENT} label={`${course.title} progress`} size="sm" />
                  <span className="w-9 shrink-0 text-right text-xs text-muted-foreground">{percent}%</span>
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

"use client";

import Link from "next/link";

import { Award } from "~/components/ui/icons/award";
import { BookOpen } from "~/components/ui/icons/book-open";
import { BookOpenCheck } from "~/components/ui/icons/book-open-check";
import { Check } from "~/components/ui/icons/check";
import { GraduationCap } from "~/components/ui/icons/graduation-cap";
import { useLatestCourse } from "~/hooks/use-latest-course";
import type { RecentActivity } from "~/lib/schemas/gamification";
import { api } from "~/trpc/react";

import { activityLabel, NO_ACTIVITY, timeAgo } from "./activity-text";

const itemClass =
  "flex gap-2 rounded-md p-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

const ICONS = { section: Check, quiz: BookOpenCheck, course: GraduationCap, badge: Award } satisfies Record<RecentActivity[number]["kind"], unknown>;

/** The signed-in learner's latest learning; SidebarActivity loads this module for signed-in learners only. */
export default function ActivityList() {
  const activity = api.gamification.recentActivity.useQuery(undefined, { refetchOnWindowFocus: false });
  const latest = useLatestCourse();
  if (activity.isPending || (!activity.data?.length && latest === undefined)) return null;
  if (!activity.data?.length) {
    if (!latest) return <p className="px-2 text-sm text-muted-foreground">{NO_ACTIVITY}</p>;
    // A course made, nothing done in it yet: the way back into it.
    return (
      <Link href={`/course/${latest.id}`} className={itemClass} data-testid="continue-course">
        <BookOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span className="line-clamp-2 min-w-0 break-words">{`Continue “${latest.title}”`}</span>
      </Link>
    );
  }
  return (
    <ul className="space-y-1" data-testid="recent-activity">
      {activity.data.map((item) => {
        const Icon = ICONS[item.kind];
        return (
          <li key={`${item.kind}-${item.at}-${item.title}`}>
            <Link href={item.href} className={itemClass}>
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span className="min-w-0">
                <span className="line-clamp-2 break-words">{activityLabel(item)}</span>
                <time dateTime={item.at} className="block text-xs text-muted-foreground">
                  {timeAgo(item.at)}
                </time>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

"use client";

import Link from "next/link";

import { Award } from "~/components/ui/icons/award";
import { BookOpenCheck } from "~/components/ui/icons/book-open-check";
import { Check } from "~/components/ui/icons/check";
import { GraduationCap } from "~/components/ui/icons/graduation-cap";
import type { RecentActivity } from "~/lib/schemas/gamification";
import { api } from "~/trpc/react";

import { activityLabel, NO_ACTIVITY, timeAgo } from "./activity-text";

const ICONS = { section: Check, quiz: BookOpenCheck, course: GraduationCap, badge: Award } satisfies Record<RecentActivity[number]["kind"], unknown>;

/** The signed-in learner's latest learning; SidebarActivity loads this module for signed-in learners only. */
export default function ActivityList() {
  const activity = api.gamification.recentActivity.useQuery(undefined, { refetchOnWindowFocus: false });
  if (!activity.data?.length) return <p className="px-2 text-sm text-muted-foreground">{NO_ACTIVITY}</p>;
  return (
    <ul className="space-y-1" data-testid="recent-activity">
      {activity.data.map((item) => {
        const Icon = ICONS[item.kind];
        return (
          <li key={`${item.kind}-${item.at}-${item.title}`}>
            <Link
              href={item.href}
              className="flex gap-2 rounded-md p-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
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

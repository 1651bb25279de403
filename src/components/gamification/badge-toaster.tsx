"use client";

import { useEffect } from "react";

import { useSessionUser } from "~/hooks/use-session";
import { toast, useToast } from "~/hooks/use-toast";
import { api } from "~/trpc/react";

import { badgeToast, nextUnseenBadge, parseSeenBadgeIds, seenBadgesKey } from "./badges";

function readSeen(key: string): number[] | null {
  try {
    return parseSeenBadgeIds(localStorage.getItem(key));
  } catch {
    return null;
  }
}

function writeSeen(key: string, ids: number[]) {
  try {
    localStorage.setItem(key, JSON.stringify(ids));
  } catch {
    // Storage is unavailable (private mode, quota): badges are then simply not announced.
  }
}

/**
 * Announces each badge once, one toast at a time: pages that may earn one (progress, quizzes, the
 * tutor, the gamification page) invalidate the badges query, and a new badge gets a toast as soon
 * as no other toast is open (there is room for one). Badges held before the first visit stay silent.
 */
function BadgeAnnouncer({ userId }: { userId: number }) {
  const badges = api.gamification.badges.useQuery({ userId }, { staleTime: Infinity, refetchOnWindowFocus: false });
  const toastOpen = useToast().toasts.some((item) => item.open);

  useEffect(() => {
    if (!badges.data || toastOpen) return;
    const key = seenBadgesKey(userId);
    const seen = readSeen(key);
    if (seen === null) {
      writeSeen(
        key,
        badges.data.map((badge) => badge.id),
      );
      return;
    }
    const next = nextUnseenBadge(badges.data, seen);
    if (!next) return;
    writeSeen(key, [...seen, next.id]);
    toast(badgeToast(next));
  }, [badges.data, toastOpen, userId]);

  return null;
}

/** Mounted once in the site shell; renders nothing. */
export function BadgeToaster() {
  const { user } = useSessionUser();
  return user ? <BadgeAnnouncer key={user.id} userId={user.id} /> : null;
}

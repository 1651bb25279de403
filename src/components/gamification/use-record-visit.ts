"use client";

import { useEffect, useRef } from "react";

import { api } from "~/trpc/react";

/**
 * Records today's visit once per page load (the spec's daily activity): the answer is the fresh
 * streak; a badge it earned reaches the badges query, and so the BadgeToaster. A failure is silent:
 * the page still shows the stored streak.
 */
export function useRecordVisit(userId: number) {
  const utils = api.useUtils();
  const { mutate } = api.gamification.recordVisit.useMutation({
    async onSuccess({ streak }) {
      // A streak read that started before the visit must not overwrite the newer answer.
      await utils.gamification.streak.cancel({ userId });
      utils.gamification.streak.setData({ userId }, streak);
      void utils.gamification.badges.invalidate({ userId });
      void utils.gamification.calendar.invalidate();
    },
  });

  // Strict Mode runs effects twice: the visit is still recorded once.
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    mutate({ userId });
  }, [mutate, userId]);
}

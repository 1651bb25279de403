import { z } from "zod";

import { okOutput } from "~/lib/schemas/auth";
import {
  achievementCardInput,
  achievementCardOutput,
  activityCalendarOutput,
  activityOutput,
  calendarInput,
  challengeOutput,
  joinChallengeInput,
  recentActivityOutput,
  shareAchievementsOutput,
  streakOutput,
  userBadgeOutput,
  userChallengeOutput,
  userPathInput,
} from "~/lib/schemas/gamification";
import { getAchievementCard, shareAchievementCard, stopSharingAchievementCard } from "~/server/services/gamification/achievement-card";
import { joinChallenge, listActiveChallenges, listUserChallenges } from "~/server/services/gamification/challenges";
import { getActivityCalendar } from "~/server/services/gamification/get-activity-calendar";
import { getStreak } from "~/server/services/gamification/get-streak";
import { listUserBadges } from "~/server/services/gamification/list-user-badges";
import { listRecentActivity } from "~/server/services/gamification/recent-activity";
import { recordDailyVisit } from "~/server/services/gamification/record-daily-visit";

import { createTRPCRouter, protectedProcedure, publicProcedure, ownUserIdOnly } from "../trpc";

const tags = ["gamification"];

export const gamificationRouter = createTRPCRouter({
  // GET /api/streaks/{userId}
  streak: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/streaks/{userId}",
        errorResponses: { 403: "Another learner's userId" },
        tags,
        summary: "Your streak and totals, counted in your time zone (your own userId only)",
      },
    })
    .input(userPathInput)
    .use(ownUserIdOnly)
    .output(streakOutput)
    .query(({ ctx }) => getStreak(ctx.db, ctx.user.id)),

  // POST /api/streaks/{userId}/activity
  recordVisit: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/streaks/{userId}/activity",
        errorResponses: { 403: "Another learner's userId" },
        tags,
        summary: "Records today's visit (once a day); answers the streak and any badge it earned",
      },
    })
    .input(userPathInput)
    .use(ownUserIdOnly)
    .output(activityOutput)
    .mutation(({ ctx }) => recordDailyVisit(ctx.db, { userId: ctx.user.id, timeZone: ctx.timeZone })),

  // GET /api/users/{userId}/badges
  badges: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/users/{userId}/badges",
        errorResponses: { 403: "Another learner's userId" },
        tags,
        summary: "The badges you earned, newest first",
      },
    })
    .input(userPathInput)
    .use(ownUserIdOnly)
    .output(z.array(userBadgeOutput))
    .query(({ ctx }) => listUserBadges(ctx.db, ctx.user.id)),

  // GET /api/challenges/active
  activeChallenges: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/challenges/active", tags, summary: "Today's challenges, still open" } })
    .input(z.object({}).strict().optional())
    .output(z.array(challengeOutput))
    .query(({ ctx }) => listActiveChallenges(ctx.db)),

  // GET /api/users/{userId}/challenges
  myChallenges: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/users/{userId}/challenges",
        errorResponses: { 403: "Another learner's userId" },
        tags,
        summary: "The challenges you joined and your progress",
      },
    })
    .input(userPathInput)
    .use(ownUserIdOnly)
    .output(z.array(userChallengeOutput))
    .query(({ ctx }) => listUserChallenges(ctx.db, ctx.user.id)),

  // POST /api/users/{userId}/challenges/{challengeId}
  joinChallenge: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/users/{userId}/challenges/{challengeId}",
        errorResponses: { 403: "Another learner's userId", 404: "Challenge not found", 409: "The challenge has expired" },
        tags,
        summary: "Joins a challenge (twice is once; an expired one is a 409)",
      },
    })
    .input(joinChallengeInput)
    .use(ownUserIdOnly)
    .output(userChallengeOutput)
    .mutation(({ ctx, input }) => joinChallenge(ctx.db, { userId: ctx.user.id, challengeId: input.challengeId })),

  // The heatmap of the gamification page (tRPC only).
  calendar: protectedProcedure
    .input(calendarInput)
    .output(activityCalendarOutput)
    .query(({ ctx, input }) => getActivityCalendar(ctx.db, ctx.user.id, { weeks: input.weeks })),

  // The sidebar's "Recent Activity" (tRPC only).
  recentActivity: protectedProcedure.output(recentActivityOutput).query(({ ctx }) => listRecentActivity(ctx.db, ctx.user.id)),

  // "Share Your Achievements" (tRPC only): the link to the public card, made once and kept until sharing stops.
  shareAchievements: protectedProcedure.output(shareAchievementsOutput).mutation(({ ctx }) => shareAchievementCard(ctx.db, ctx.user.id)),

  // Stops sharing the card (tRPC only): its link answers 404 from now on.
  stopSharingAchievements: protectedProcedure.output(okOutput).mutation(async ({ ctx }) => {
    await stopSharingAchievementCard(ctx.db, ctx.user.id);
    return { success: true as const };
  }),

  // The public achievements card, for anyone with its link (tRPC only: the /achievements/{cardId} page reads it).
  achievementCard: publicProcedure
    .input(achievementCardInput)
    .output(achievementCardOutput)
    .query(({ ctx, input }) => getAchievementCard(ctx.db, input.cardId)),
});

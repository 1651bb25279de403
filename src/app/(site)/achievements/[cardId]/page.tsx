import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";

import { AchievementCard } from "~/components/gamification/achievement-card";
import { PRODUCT_NAME } from "~/components/layout/logo";
import { api } from "~/trpc/server";

type AchievementCardPageProps = { params: Promise<{ cardId: string }> };

// Metadata and page share one read per request. An unknown, revoked or malformed id is the app's 404.
const loadCard = cache(async (cardId: string) => {
  try {
    return await api.gamification.achievementCard({ cardId });
  } catch (error) {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) notFound();
    throw error;
  }
});

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export async function generateMetadata({ params }: AchievementCardPageProps): Promise<Metadata> {
  const card = await loadCard((await params).cardId);
  return {
    title: `${card.name}'s achievements`,
    description: `Level ${card.level} learner on ${PRODUCT_NAME}: ${plural(card.coursesStarted, "course")} started, ${card.currentStreak}-day streak, ${plural(card.badges.length, "badge")}. ${PRODUCT_NAME} generates AI courses from video.`,
    // Shared by link, not published: the card stays out of search engines.
    robots: { index: false },
  };
}

/** /achievements/{cardId}: a learner's shared achievements, public (outside ProtectedRoute). */
export default async function AchievementCardPage({ params }: AchievementCardPageProps) {
  return <AchievementCard card={await loadCard((await params).cardId)} />;
}

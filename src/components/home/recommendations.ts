import type { Complexity } from "~/lib/schemas/course";

/** The home page's recommendations panel: how many it shows, its states and its card texts. */

export const RECOMMENDATION_COUNT = 3;

export type RecommendationsState = "loading" | "empty" | "ready";

/** Loading until the query settles; an error reads as "nothing to recommend" (the panel stays quiet). */
export function recommendationsState(query: { isPending: boolean; isError: boolean; data?: readonly unknown[] }): RecommendationsState {
  if (query.isPending) return "loading";
  if (query.isError || !query.data || query.data.length === 0) return "empty";
  return "ready";
}

export function interestLine(complexity: Complexity) {
  return `Based on your interest in ${complexity} content`;
}

export const DESCRIPTION_FALLBACK = "Learn more about this topic with our structured learning path";

export function courseDescription(description: string | null) {
  return description?.trim() ? description : DESCRIPTION_FALLBACK;
}

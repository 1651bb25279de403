import type { CourseSearchResult } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";
import { searchCourseTitles, searchPatterns } from "~/server/db/queries/course";

/** Results the header's list shows. */
const SEARCH_LIMIT = 8;

/**
 * The header search: courses the learner can open whose course, chapter or section titles hold
 * every word of the query, best first (see searchCourseTitles for what matches and the ranking).
 */
export async function searchCourses(
  db: DbClient,
  { userId, query, limit = SEARCH_LIMIT }: { userId: number; query: string; limit?: number },
): Promise<CourseSearchResult[]> {
  const { words, prefix } = searchPatterns(query);
  if (words.length === 0) return [];
  return searchCourseTitles(db, { userId, limit, words, prefix });
}

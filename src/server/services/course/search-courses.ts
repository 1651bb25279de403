import type { CourseSearchResult } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";
import { queryRows } from "~/server/db/sql";

import { visibleToSql } from "./get-course";

/** Results the header's list shows; words of a query that count. */
export const SEARCH_LIMIT = 8;
const MAX_WORDS = 6;

/**
 * Courses the learner can open (their own, and public ones) whose title, chapter titles or
 * section titles hold every word of the query (case-insensitive substrings). Titles
 * that start with the query come first, then the learner's own courses, then courses before
 * chapters before sections, shorter titles first.
 */
const SEARCH_SQL = `
  WITH visible AS (
    SELECT c.id, c.title, c."userId" = $1 AS own FROM "Course" c WHERE ${visibleToSql("c", "$1")}
  ), hits AS (
    SELECT 'course' AS kind, v.id AS "courseId", v.title AS "courseTitle", v.title, NULL::int AS "timeStart", v.own, 0 AS depth
    FROM visible v WHERE lower(v.title) LIKE ALL ($3::text[])
    UNION ALL
    SELECT 'chapter', v.id, v.title, ch.title, NULL, v.own, 1
    FROM visible v JOIN "Chapter" ch ON ch."courseId" = v.id WHERE lower(ch.title) LIKE ALL ($3::text[])
    UNION ALL
    SELECT 'section', v.id, v.title, s.title, s."timeStart", v.own, 2
    FROM visible v JOIN "Chapter" ch ON ch."courseId" = v.id JOIN "Section" s ON s."chapterId" = ch.id
    WHERE lower(s.title) LIKE ALL ($3::text[])
  )
  SELECT kind, "courseId", "courseTitle", title,
         '/course/' || "courseId" || coalesce('?t=' || "timeStart", '') AS href
  FROM hits
  ORDER BY lower(title) LIKE $4 DESC, own DESC, depth, length(title), "courseId" DESC
  LIMIT $2`;

/** The query's words as LIKE patterns (lower-cased, LIKE's wildcards escaped). */
export function searchPatterns(query: string): { words: string[]; prefix: string } {
  const fold = (text: string) => text.toLowerCase();
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const words = fold(query).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  return { words: words.map((word) => `%${escape(word)}%`), prefix: `${escape(fold(query.trim()))}%` };
}

export async function searchCourses(db: DbClient, { userId, query, limit = SEARCH_LIMIT }: { userId: number; query: string; limit?: number }): Promise<CourseSearchResult[]> {
  const { words, prefix } = searchPatterns(query);
  if (words.length === 0) return [];
  return queryRows<CourseSearchResult>(db, SEARCH_SQL, [userId, limit, words, prefix]);
}

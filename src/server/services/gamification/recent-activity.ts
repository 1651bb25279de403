import type { RecentActivity } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";
import { queryRows } from "~/server/db/sql";
import { visibleToSql } from "~/server/services/course/get-course";

/** How many items the sidebar lists. */
export const RECENT_ACTIVITY_LIMIT = 5;

/**
 * The learner's latest learning: sections completed, quizzes passed, courses finished (each with
 * its section's or course's name, in a course they can still open) and badges earned, newest
 * first. One statement; events whose course has since become private to someone else drop out.
 */
const RECENT_ACTIVITY_SQL = `
  WITH events AS (
    SELECT e.type::text AS type, e."subjectKey", e."occurredAt" FROM "ActivityEvent" e
    WHERE e."userId" = $1 AND e.type IN ('section_completed', 'quiz_passed', 'course_completed')
    ORDER BY e."occurredAt" DESC, e.id DESC LIMIT 20
  ), items AS (
    SELECT 'section' AS kind, s.title, ch."courseId", s."timeStart", ev."occurredAt" AS at
    FROM events ev JOIN "Section" s ON ev.type = 'section_completed' AND s.id::text = ev."subjectKey" JOIN "Chapter" ch ON ch.id = s."chapterId"
    UNION ALL
    SELECT 'quiz', s.title, ch."courseId", s."timeStart", ev."occurredAt"
    FROM events ev JOIN "Quiz" q ON ev.type = 'quiz_passed' AND q.id::text = ev."subjectKey" JOIN "Section" s ON s.id = q."sectionId" JOIN "Chapter" ch ON ch.id = s."chapterId"
    UNION ALL
    SELECT 'course', c.title, c.id, NULL, ev."occurredAt"
    FROM events ev JOIN "Course" c ON ev.type = 'course_completed' AND c.id::text = ev."subjectKey"
  )
  SELECT kind, title, href, to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM (
    SELECT i.kind, i.title, '/course/' || i."courseId" || coalesce('?t=' || i."timeStart", '') AS href, i.at
    FROM items i JOIN "Course" c ON c.id = i."courseId"
    WHERE ${visibleToSql("c", "$1")}
    UNION ALL
    SELECT 'badge', b.name, '/gamification', ub."awardedAt"
    FROM "UserBadge" ub JOIN "Badge" b ON b.id = ub."badgeId" WHERE ub."userId" = $1
  ) AS activity
  ORDER BY activity.at DESC LIMIT $2`;

export async function listRecentActivity(db: DbClient, userId: number, limit = RECENT_ACTIVITY_LIMIT): Promise<RecentActivity> {
  return queryRows<RecentActivity[number]>(db, RECENT_ACTIVITY_SQL, [userId, limit]);
}

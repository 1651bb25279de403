import type { CourseVersions } from "~/lib/schemas/editing";
import type { DbClient } from "~/server/db/client";
import { selectVersions } from "~/server/db/queries/editing";

import { readChange } from "./outline";
import { ownedCourse } from "./owned-course";

/**
 * GET /api/courses/{id}/versions: every saved version, newest first. A course never edited has
 * one, its generated outline (not stored until the first edit).
 */
export async function listVersions(
  db: DbClient,
  { courseId, userId, limit = 100 }: { courseId: number; userId: number; limit?: number },
): Promise<CourseVersions> {
  const course = await ownedCourse(db, { courseId, userId });
  const rows = await selectVersions(db, { courseId, limit });
  const versions = rows.map((row) => ({
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    by: row.user?.username ?? null,
    change: readChange(row.change),
  }));
  if (versions.length === 0) versions.push({ version: 1, createdAt: course.createdAt.toISOString(), by: null, change: { kind: "generated" } });
  // Every version up to the current one is stored once the course was edited: the current one is their count.
  return { version: course.version, total: course.version, versions };
}

import type { CourseChange, CourseEditResult } from "~/lib/schemas/editing";
import type { Db, DbClient } from "~/server/db/client";
import { insertVersion, type LockedCourseRow, lockCourse, placeConceptMoments, setCourseVersion } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

export type EditOutcome<Extra> = { change: CourseChange; extra: Extra; reshaped?: boolean };

/**
 * Runs one edit of a course by its owner, as one transaction on the locked course row:
 * - anyone but the owner, and a course that is not ready, get the same 404 as an unknown id
 *   (`notFound`: the message of what the path names);
 * - an edit made on another version than the course's gets a 409 with the version now, and
 *   changes nothing;
 * - the first edit also keeps the generated outline, as version 1;
 * - the edit's outline becomes the next version, with who saved it and what it changed.
 * `reshaped`: sections were added, removed or moved, so the course's concepts are found again.
 */
export async function saveEdit<Extra extends object>(
  db: Db,
  { courseId, userId, version, notFound }: { courseId: number; userId: number; version: number | undefined; notFound: string },
  edit: (tx: DbClient, course: LockedCourseRow) => Promise<EditOutcome<Extra>>,
): Promise<CourseEditResult & Extra> {
  return db.$transaction(async (tx) => {
    const course = await lockOwnCourse(tx, { courseId, userId, version, notFound });
    if (course.version === 1) await insertVersion(tx, { courseId, version: 1, userId, change: { kind: "generated" }, createdAt: course.createdAt });
    const { change, extra, reshaped } = await edit(tx, course);
    if (reshaped) await placeConceptMoments(tx, courseId);
    const next = course.version + 1;
    await setCourseVersion(tx, { courseId, version: next, reshaped: reshaped === true });
    await insertVersion(tx, { courseId, version: next, userId, change });
    return { courseId, version: next, ...extra };
  });
}

/**
 * The course row locked for its owner: 404 (`notFound`) for anyone else or a course that is not
 * ready, 409 with the version now when `version` is given and is not the course's.
 */
export async function lockOwnCourse(
  tx: DbClient,
  { courseId, userId, version, notFound }: { courseId: number; userId: number; version: number | undefined; notFound: string },
): Promise<LockedCourseRow> {
  const course = await lockCourse(tx, courseId);
  if (!course || course.userId !== userId || course.status !== "ready") throw new AppError("NOT_FOUND", notFound);
  if (version !== undefined && version !== course.version) throw new AppError("CONFLICT", EDIT_MESSAGES.stale, { currentVersion: course.version });
  return course;
}

import type { CourseVersionView } from "~/lib/schemas/editing";
import type { DbClient } from "~/server/db/client";
import { findVersion } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import { outlineView, readChange, readOutline, type StoredOutline } from "./outline";
import { ownedCourse } from "./owned-course";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

/** GET /api/courses/{id}/versions/{version}: the outline that version left, to compare with the course now. */
export async function getVersion(
  db: DbClient,
  { courseId, userId, version }: { courseId: number; userId: number; version: number },
): Promise<CourseVersionView> {
  const course = await ownedCourse(db, { courseId, userId });
  const row = await findVersion(db, { courseId, version });
  if (row)
    return { version, createdAt: row.createdAt.toISOString(), change: readChange(row.change), outline: outlineView(row.outline as unknown as StoredOutline) };
  // Never edited: version 1 is the course as it is.
  if (version === 1 && course.version === 1) {
    return { version, createdAt: course.createdAt.toISOString(), change: { kind: "generated" }, outline: outlineView(await readOutline(db, courseId)) };
  }
  throw new AppError("NOT_FOUND", EDIT_MESSAGES.versionNotFound);
}

import { EDIT_MESSAGES } from "~/lib/course-editing";
import { type CourseChange, courseChangeSchema, type CourseVersions, type CourseVersionView } from "~/lib/schemas/editing";
import type { Db, DbClient } from "~/server/db/client";
import { moveCurrentSectionsIntoOutline, restoreQuestions, restoreSections, setChapterTitles } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import { outlineView, readOutline, type StoredOutline } from "./outline";
import { saveEdit } from "./save-edit";

/** The course, if the caller owns it: versions are the owner's alone (everyone else gets the course's 404). */
async function ownedCourse(db: DbClient, { courseId, userId }: { courseId: number; userId: number }) {
  const course = await db.course.findUnique({ where: { id: courseId }, select: { userId: true, status: true, version: true, createdAt: true } });
  if (!course || course.userId !== userId || course.status !== "ready") throw new AppError("NOT_FOUND", EDIT_MESSAGES.notFound);
  return course;
}

const readChange = (stored: unknown): CourseChange => courseChangeSchema.catch({ kind: "generated" }).parse(stored);

/**
 * GET /api/courses/{id}/versions: every saved version, newest first. A course never edited has
 * one, its generated outline (not stored until the first edit).
 */
export async function listVersions(
  db: DbClient,
  { courseId, userId, limit = 100 }: { courseId: number; userId: number; limit?: number },
): Promise<CourseVersions> {
  const course = await ownedCourse(db, { courseId, userId });
  const rows = await db.courseVersion.findMany({
    where: { courseId },
    orderBy: { version: "desc" },
    take: limit,
    select: { version: true, createdAt: true, change: true, user: { select: { username: true } } },
  });
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

/** GET /api/courses/{id}/versions/{version}: the outline that version left, to compare with the course now. */
export async function getVersion(
  db: DbClient,
  { courseId, userId, version }: { courseId: number; userId: number; version: number },
): Promise<CourseVersionView> {
  const course = await ownedCourse(db, { courseId, userId });
  const row = await db.courseVersion.findUnique({
    where: { courseId_version: { courseId, version } },
    select: { createdAt: true, change: true, outline: true },
  });
  if (row)
    return { version, createdAt: row.createdAt.toISOString(), change: readChange(row.change), outline: outlineView(row.outline as unknown as StoredOutline) };
  // Never edited: version 1 is the course as it is.
  if (version === 1 && course.version === 1) {
    return { version, createdAt: course.createdAt.toISOString(), change: { kind: "generated" }, outline: outlineView(await readOutline(db, courseId)) };
  }
  throw new AppError("NOT_FOUND", EDIT_MESSAGES.versionNotFound);
}

/**
 * POST /api/courses/{id}/versions/{version}/restore: the course takes that version's outline back
 * (titles, description, sections with their times and contents, each quiz's questions), as a new
 * version. Sections and questions edits took out come back with everything learners did on them.
 */
export async function restoreVersion(
  db: Db,
  { courseId, userId, version, baseVersion }: { courseId: number; userId: number; version: number; baseVersion?: number },
) {
  return saveEdit(db, { courseId, userId, version: baseVersion, notFound: EDIT_MESSAGES.notFound }, async (tx) => {
    const row = await tx.courseVersion.findUnique({ where: { courseId_version: { courseId, version } }, select: { outline: true } });
    if (!row) throw new AppError("NOT_FOUND", EDIT_MESSAGES.versionNotFound);
    const outline = row.outline as unknown as StoredOutline;
    const sections = outline.chapters.flatMap((chapter) =>
      chapter.sections.map((section, k) => ({
        id: section.id,
        chapterId: chapter.id,
        order: k + 1,
        title: section.title,
        content: section.content,
        timeStart: section.timeStart,
        timeEnd: section.timeEnd,
      })),
    );
    const quizzes = outline.chapters.flatMap((chapter) =>
      chapter.sections.flatMap((section) => (section.questionIds ? [{ sectionId: section.id, questionIds: section.questionIds }] : [])),
    );
    if (!(await restoreSections(tx, courseId, sections)) || !(await restoreQuestions(tx, courseId, quizzes))) {
      throw new AppError("CONFLICT", EDIT_MESSAGES.restoreGone);
    }
    await setChapterTitles(tx, courseId, outline.chapters);
    await tx.course.update({ where: { id: courseId }, data: { title: outline.title, description: outline.description } });
    await moveCurrentSectionsIntoOutline(tx, courseId);
    return { change: { kind: "restore", from: version }, extra: {}, reshaped: true };
  });
}

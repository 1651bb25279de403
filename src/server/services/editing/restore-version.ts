import type { Db } from "~/server/db/client";
import {
  findVersionOutline,
  moveCurrentSectionsIntoOutline,
  restoreQuestions,
  restoreSections,
  setChapterTitles,
  updateCourseText,
} from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import type { StoredOutline } from "./outline";
import { saveEdit } from "./save-edit";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

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
    const row = await findVersionOutline(tx, { courseId, version });
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
    await updateCourseText(tx, { courseId, title: outline.title, description: outline.description });
    await moveCurrentSectionsIntoOutline(tx, courseId);
    return { change: { kind: "restore", from: version }, extra: {}, reshaped: true };
  });
}

import type { z } from "zod";

import type { chapterEditInput } from "~/lib/schemas/editing";
import type { Db } from "~/server/db/client";
import { findChapterCourse, updateChapterTitle } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import { saveEdit } from "./save-edit";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

/** PATCH /api/chapters/{id}: its title. */
export async function editChapter(db: Db, { userId, id, title, version }: { userId: number } & z.infer<typeof chapterEditInput>) {
  const chapter = await findChapterCourse(db, id);
  if (!chapter) throw new AppError("NOT_FOUND", EDIT_MESSAGES.chapterNotFound);
  return saveEdit(db, { courseId: chapter.courseId, userId, version, notFound: EDIT_MESSAGES.chapterNotFound }, async (tx) => {
    await updateChapterTitle(tx, { chapterId: id, title });
    return { change: { kind: "chapter", chapterId: id, title }, extra: {} };
  });
}

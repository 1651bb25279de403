import type { z } from "zod";

import type { questionDeleteInput } from "~/lib/schemas/editing";
import type { Db } from "~/server/db/client";
import { findQuestionPlace, retireQuestion } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import { saveEdit } from "./save-edit";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

/** DELETE /api/questions/{id}: the question leaves its quiz (answers, cards and mastery keep it; a restore brings it back). */
export async function deleteQuestion(db: Db, { userId, id, version }: { userId: number } & z.infer<typeof questionDeleteInput>) {
  const question = await findQuestionPlace(db, id);
  const quiz = question?.quiz;
  const courseId = quiz?.section.chapter?.courseId;
  if (!quiz || courseId === undefined) throw new AppError("NOT_FOUND", EDIT_MESSAGES.questionNotFound);
  return saveEdit(db, { courseId, userId, version, notFound: EDIT_MESSAGES.questionNotFound }, async (tx) => {
    if (!(await retireQuestion(tx, { questionId: id, quizId: quiz.id }))) throw new AppError("NOT_FOUND", EDIT_MESSAGES.questionNotFound);
    return { change: { kind: "question", questionId: id, sectionId: quiz.section.id, title: quiz.section.title }, extra: {} };
  });
}

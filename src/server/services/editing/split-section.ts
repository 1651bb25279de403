import type { z } from "zod";

import { canSplitAt, splitContent } from "~/lib/course-editing";
import type { sectionSplitInput } from "~/lib/schemas/editing";
import type { Db, DbClient } from "~/server/db/client";
import {
  copyCompletions,
  findQuizWithQuestionTimes,
  insertQuiz,
  insertSection,
  moveQuestions,
  shiftSections,
  updateSection,
} from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import { saveEdit } from "./save-edit";
import { courseOfSection, outlineAround, wholeSeconds } from "./section-outline";
import { COURSE_TITLE_MAX_LENGTH, EDIT_MESSAGES } from "~/lib/rules/editing";

/**
 * POST /api/sections/{id}/split: the section ends at `atSeconds` and a new one, right after it in
 * its chapter, covers the rest. Key points go with their times, the other text by its share; the
 * quiz questions about the second half go to the new section's quiz when both keep some; a
 * learner who had completed the section has completed both.
 */
export async function splitSection(db: Db, { userId, id, atSeconds, version }: { userId: number } & z.infer<typeof sectionSplitInput>) {
  const courseId = await courseOfSection(db, id);
  return saveEdit(db, { courseId, userId, version, notFound: EDIT_MESSAGES.sectionNotFound }, async (tx) => {
    const { section, span } = await outlineAround(tx, { courseId, sectionId: id });
    const at = wholeSeconds(atSeconds);
    if (!canSplitAt(span, at)) throw new AppError("UNPROCESSABLE", EDIT_MESSAGES.splitPlace);
    const [first, second] = splitContent(section.content, { start: span.start, at, end: span.end });
    await shiftSections(tx, { chapterId: section.chapterId!, fromOrder: section.order + 1, by: 1 });
    await updateSection(tx, { sectionId: id, content: first || section.content, timeEnd: at });
    const created = await insertSection(tx, {
      chapterId: section.chapterId,
      order: section.order + 1,
      title: continuedTitle(section.title),
      content: second || section.content,
      timeStart: at,
      timeEnd: span.end,
    });
    await copyCompletions(tx, { from: id, to: created });
    await splitQuiz(tx, { from: id, to: created, at });
    return {
      change: { kind: "split", sectionId: id, newSectionId: created, title: section.title, atSeconds: at },
      extra: { sectionId: id, newSectionId: created },
      reshaped: true,
    };
  });
}

function continuedTitle(title: string): string {
  const suffix = " (continued)";
  return title.length + suffix.length <= COURSE_TITLE_MAX_LENGTH
    ? `${title}${suffix}`
    : `${title.slice(0, COURSE_TITLE_MAX_LENGTH - suffix.length - 1)}…${suffix}`;
}

/** Moves the questions about the moments from `at` on to a new quiz of section `to`, when both quizzes keep at least one. */
async function splitQuiz(tx: DbClient, { from, to, at }: { from: number; to: number; at: number }): Promise<void> {
  const quiz = await findQuizWithQuestionTimes(tx, from);
  if (!quiz) return;
  const later = quiz.questions.filter((question) => question.sourceTime !== null && question.sourceTime >= at);
  if (later.length === 0 || later.length === quiz.questions.length) return;
  const { questions: _questions, ...fields } = quiz;
  const quizId = await insertQuiz(tx, { ...fields, sectionId: to });
  await moveQuestions(tx, { quizId, questionIds: later.map((question) => question.id) });
}

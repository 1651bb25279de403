import type { z } from "zod";

import { mergeContents } from "~/lib/course-editing";
import { sectionContentSchema, type sectionMergeInput } from "~/lib/schemas/editing";
import type { Db, DbClient } from "~/server/db/client";
import {
  completeWhereBoth,
  insertQuiz,
  insertSection,
  moveCurrentSectionsIntoOutline,
  moveQuestions,
  retireSections,
  selectQuizzesOfSections,
  shiftSections,
} from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import { saveEdit } from "./save-edit";
import { courseOfSection, outlineAround } from "./section-outline";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

/**
 * POST /api/sections/{id}/merge-next: the section and the next one of its chapter become one new
 * section with both contents and both quizzes' questions. The two leave the outline whole (with
 * their completions, attempts and quizzes), so a restore gives them back as they were; a learner
 * has completed the merged section only if they had completed both.
 */
export async function mergeNextSection(db: Db, { userId, id, version }: { userId: number } & z.infer<typeof sectionMergeInput>) {
  const courseId = await courseOfSection(db, id);
  return saveEdit(db, { courseId, userId, version, notFound: EDIT_MESSAGES.sectionNotFound }, async (tx, course) => {
    const { sections, spans, index, section, span } = await outlineAround(tx, { courseId, sectionId: id });
    const next = sections[index + 1];
    const nextSpan = spans[index + 1];
    if (!next || !nextSpan || next.chapterId !== section.chapterId) throw new AppError("UNPROCESSABLE", EDIT_MESSAGES.lastOfChapter);
    if (nextSpan.video !== span.video) throw new AppError("UNPROCESSABLE", EDIT_MESSAGES.twoVideos);
    const content = mergeContents(section.content, next.content);
    // Counted as the owner's own content is (a merge never makes content they could not save).
    if (!sectionContentSchema.safeParse(content).success) throw new AppError("UNPROCESSABLE", EDIT_MESSAGES.mergedTooLong);
    await retireSections(tx, { sectionIds: [id, next.id], courseId: course.id });
    const merged = await insertSection(tx, {
      chapterId: section.chapterId,
      order: section.order,
      title: section.title,
      content,
      timeStart: span.start,
      timeEnd: nextSpan.end,
    });
    await shiftSections(tx, { chapterId: section.chapterId!, fromOrder: next.order + 1, by: -1 });
    await completeWhereBoth(tx, { first: id, second: next.id, to: merged });
    await mergeQuizzes(tx, { from: [id, next.id], to: merged });
    await moveCurrentSectionsIntoOutline(tx, courseId);
    return { change: { kind: "merge", sectionId: merged, mergedIds: [id, next.id], title: section.title }, extra: { sectionId: merged }, reshaped: true };
  });
}

/** Gives section `to` a quiz holding the questions of the quizzes of `from`, in order, when they have any. */
async function mergeQuizzes(tx: DbClient, { from, to }: { from: number[]; to: number }): Promise<void> {
  const quizzes = await selectQuizzesOfSections(tx, from);
  quizzes.sort((a, b) => from.indexOf(a.sectionId) - from.indexOf(b.sectionId));
  const questions = quizzes.flatMap((quiz) => quiz.questions);
  const first = quizzes.find((quiz) => quiz.questions.length > 0);
  if (!first) return;
  const quizId = await insertQuiz(tx, { sectionId: to, title: first.title, description: first.description, engine: first.engine });
  await moveQuestions(tx, { quizId, questionIds: questions.map((question) => question.id) });
}

import {
  canSplitAt,
  COURSE_TITLE_MAX_LENGTH,
  EDIT_MESSAGES,
  mergeContents,
  moveStartProblem,
  type SectionSpan,
  sectionSpans,
  splitContent,
} from "~/lib/course-editing";
import type { z } from "zod";
import {
  type chapterEditInput,
  type courseEditInput,
  type questionDeleteInput,
  sectionContentSchema,
  type sectionEditInput,
  type sectionMergeInput,
  type sectionSplitInput,
} from "~/lib/schemas/editing";
import type { Db, DbClient } from "~/server/db/client";
import { completeWhereBoth, copyCompletions, moveCurrentSectionsIntoOutline, moveQuestions, shiftSections } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import { saveEdit } from "./save-edit";

type Caller = { userId: number };

/** PATCH /api/courses/{id}: its title and description. */
export async function editCourse(db: Db, { userId, id, title, description, version }: Caller & z.infer<typeof courseEditInput>) {
  if (title === undefined && description === undefined) throw new AppError("BAD_REQUEST", EDIT_MESSAGES.nothingToChange);
  return saveEdit(db, { courseId: id, userId, version, notFound: EDIT_MESSAGES.notFound }, async (tx) => {
    await tx.course.update({ where: { id }, data: { title, description: description === undefined ? undefined : description || null } });
    const fields = [...(title === undefined ? [] : ["title" as const]), ...(description === undefined ? [] : ["description" as const])];
    return { change: { kind: "course", fields }, extra: {} };
  });
}

/** PATCH /api/chapters/{id}: its title. */
export async function editChapter(db: Db, { userId, id, title, version }: Caller & z.infer<typeof chapterEditInput>) {
  const chapter = await db.chapter.findUnique({ where: { id }, select: { courseId: true } });
  if (!chapter) throw new AppError("NOT_FOUND", EDIT_MESSAGES.chapterNotFound);
  return saveEdit(db, { courseId: chapter.courseId, userId, version, notFound: EDIT_MESSAGES.chapterNotFound }, async (tx) => {
    await tx.chapter.update({ where: { id }, data: { title } });
    return { change: { kind: "chapter", chapterId: id, title }, extra: {} };
  });
}

/** The course's sections in outline order with their spans, and the one an edit is about. */
export async function outlineAround(tx: DbClient, courseId: number, sectionId: number) {
  const [sections, videos] = await Promise.all([
    tx.section.findMany({
      where: { chapter: { courseId } },
      orderBy: [{ chapter: { order: "asc" } }, { order: "asc" }],
      select: { id: true, chapterId: true, order: true, title: true, content: true, timeStart: true, timeEnd: true },
    }),
    tx.courseVideo.findMany({ where: { courseId }, orderBy: { position: "asc" }, select: { offsetSeconds: true, durationSeconds: true } }),
  ]);
  const index = sections.findIndex((section) => section.id === sectionId);
  if (index < 0) throw new AppError("NOT_FOUND", EDIT_MESSAGES.sectionNotFound);
  const spans = sectionSpans(sections, videos);
  return { sections, videos, spans, index, section: sections[index]!, span: spans[index]! };
}

/**
 * The course of a section, in its outline or taken out of it (so an edit made on an old version
 * still gets its 409 first; the edit then finds only sections in the outline), or 404.
 */
export async function courseOfSection(db: DbClient, sectionId: number): Promise<number> {
  const section = await db.section.findUnique({ where: { id: sectionId }, select: { retiredCourseId: true, chapter: { select: { courseId: true } } } });
  const courseId = section?.chapter?.courseId ?? section?.retiredCourseId;
  if (courseId === undefined || courseId === null) throw new AppError("NOT_FOUND", EDIT_MESSAGES.sectionNotFound);
  return courseId;
}

const wholeSeconds = (seconds: number) => Math.round(seconds);

/**
 * PATCH /api/sections/{id}: its title, its content, and where it starts. A moved start moves the
 * end of the section before it when both are in one video, so the two still meet.
 */
export async function editSection(db: Db, { userId, id, title, content, timeStart, version }: Caller & z.infer<typeof sectionEditInput>) {
  if (title === undefined && content === undefined && timeStart === undefined) throw new AppError("BAD_REQUEST", EDIT_MESSAGES.nothingToChange);
  const courseId = await courseOfSection(db, id);
  return saveEdit(db, { courseId, userId, version, notFound: EDIT_MESSAGES.sectionNotFound }, async (tx) => {
    const around = await outlineAround(tx, courseId, id);
    const fields: ("title" | "content" | "timeStart")[] = [];
    if (title !== undefined) fields.push("title");
    if (content !== undefined) fields.push("content");
    let times = {};
    if (timeStart !== undefined) {
      const to = wholeSeconds(timeStart);
      const problem = moveStartProblem(around.spans, around.index, to, around.videos);
      if (problem) throw new AppError("UNPROCESSABLE", problem);
      const previous: SectionSpan | undefined = around.spans[around.index - 1];
      if (previous && previous.video === around.span.video) await tx.section.update({ where: { id: previous.id }, data: { timeEnd: to } });
      times = { timeStart: to, timeEnd: around.span.end };
      fields.push("timeStart");
    }
    await tx.section.update({ where: { id }, data: { title, content, ...times } });
    return { change: { kind: "section", sectionId: id, title: title ?? around.section.title, fields }, extra: {}, reshaped: timeStart !== undefined };
  });
}

/**
 * POST /api/sections/{id}/split: the section ends at `atSeconds` and a new one, right after it in
 * its chapter, covers the rest. Key points go with their times, the other text by its share; the
 * quiz questions about the second half go to the new section's quiz when both keep some; a
 * learner who had completed the section has completed both.
 */
export async function splitSection(db: Db, { userId, id, atSeconds, version }: Caller & z.infer<typeof sectionSplitInput>) {
  const courseId = await courseOfSection(db, id);
  return saveEdit(db, { courseId, userId, version, notFound: EDIT_MESSAGES.sectionNotFound }, async (tx) => {
    const { section, span } = await outlineAround(tx, courseId, id);
    const at = wholeSeconds(atSeconds);
    if (!canSplitAt(span, at)) throw new AppError("UNPROCESSABLE", EDIT_MESSAGES.splitPlace);
    const [first, second] = splitContent(section.content, { start: span.start, at, end: span.end });
    await shiftSections(tx, { chapterId: section.chapterId!, fromOrder: section.order + 1, by: 1 });
    await tx.section.update({ where: { id }, data: { content: first || section.content, timeEnd: at } });
    const created = await tx.section.create({
      data: {
        chapterId: section.chapterId,
        order: section.order + 1,
        title: continuedTitle(section.title),
        content: second || section.content,
        timeStart: at,
        timeEnd: span.end,
      },
      select: { id: true },
    });
    await copyCompletions(tx, { from: id, to: created.id });
    await splitQuiz(tx, { from: id, to: created.id, at });
    return {
      change: { kind: "split", sectionId: id, newSectionId: created.id, title: section.title, atSeconds: at },
      extra: { sectionId: id, newSectionId: created.id },
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
  const quiz = await tx.quiz.findUnique({
    where: { sectionId: from },
    select: { title: true, description: true, engine: true, questions: { orderBy: { order: "asc" }, select: { id: true, sourceTime: true } } },
  });
  if (!quiz) return;
  const later = quiz.questions.filter((question) => question.sourceTime !== null && question.sourceTime >= at);
  if (later.length === 0 || later.length === quiz.questions.length) return;
  const { questions: _questions, ...fields } = quiz;
  const created = await tx.quiz.create({ data: { ...fields, sectionId: to }, select: { id: true } });
  await moveQuestions(tx, { quizId: created.id, questionIds: later.map((question) => question.id) });
}

/**
 * POST /api/sections/{id}/merge-next: the section and the next one of its chapter become one new
 * section with both contents and both quizzes' questions. The two leave the outline whole (with
 * their completions, attempts and quizzes), so a restore gives them back as they were; a learner
 * has completed the merged section only if they had completed both.
 */
export async function mergeNextSection(db: Db, { userId, id, version }: Caller & z.infer<typeof sectionMergeInput>) {
  const courseId = await courseOfSection(db, id);
  return saveEdit(db, { courseId, userId, version, notFound: EDIT_MESSAGES.sectionNotFound }, async (tx, course) => {
    const { sections, spans, index, section, span } = await outlineAround(tx, courseId, id);
    const next = sections[index + 1];
    const nextSpan = spans[index + 1];
    if (!next || !nextSpan || next.chapterId !== section.chapterId) throw new AppError("UNPROCESSABLE", EDIT_MESSAGES.lastOfChapter);
    if (nextSpan.video !== span.video) throw new AppError("UNPROCESSABLE", EDIT_MESSAGES.twoVideos);
    const content = mergeContents(section.content, next.content);
    // Counted as the owner's own content is (a merge never makes content they could not save).
    if (!sectionContentSchema.safeParse(content).success) throw new AppError("UNPROCESSABLE", EDIT_MESSAGES.mergedTooLong);
    await tx.section.updateMany({ where: { id: { in: [id, next.id] } }, data: { chapterId: null, retiredCourseId: course.id } });
    const merged = await tx.section.create({
      data: {
        chapterId: section.chapterId,
        order: section.order,
        title: section.title,
        content,
        timeStart: span.start,
        timeEnd: nextSpan.end,
      },
      select: { id: true },
    });
    await shiftSections(tx, { chapterId: section.chapterId!, fromOrder: next.order + 1, by: -1 });
    await completeWhereBoth(tx, { first: id, second: next.id, to: merged.id });
    await mergeQuizzes(tx, { from: [id, next.id], to: merged.id });
    await moveCurrentSectionsIntoOutline(tx, courseId);
    return { change: { kind: "merge", sectionId: merged.id, mergedIds: [id, next.id], title: section.title }, extra: { sectionId: merged.id }, reshaped: true };
  });
}

/** Gives section `to` a quiz holding the questions of the quizzes of `from`, in order, when they have any. */
async function mergeQuizzes(tx: DbClient, { from, to }: { from: number[]; to: number }): Promise<void> {
  const quizzes = await tx.quiz.findMany({
    where: { sectionId: { in: from } },
    select: { sectionId: true, title: true, description: true, engine: true, questions: { orderBy: { order: "asc" }, select: { id: true } } },
  });
  quizzes.sort((a, b) => from.indexOf(a.sectionId) - from.indexOf(b.sectionId));
  const questions = quizzes.flatMap((quiz) => quiz.questions);
  const first = quizzes.find((quiz) => quiz.questions.length > 0);
  if (!first) return;
  const created = await tx.quiz.create({
    data: { sectionId: to, title: first.title, description: first.description, engine: first.engine },
    select: { id: true },
  });
  await moveQuestions(tx, { quizId: created.id, questionIds: questions.map((question) => question.id) });
}

/** DELETE /api/questions/{id}: the question leaves its quiz (answers, cards and mastery keep it; a restore brings it back). */
export async function deleteQuestion(db: Db, { userId, id, version }: Caller & z.infer<typeof questionDeleteInput>) {
  const question = await db.quizQuestion.findUnique({
    where: { id },
    select: { quiz: { select: { id: true, section: { select: { id: true, title: true, chapter: { select: { courseId: true } } } } } } },
  });
  const quiz = question?.quiz;
  const courseId = quiz?.section.chapter?.courseId;
  if (!quiz || courseId === undefined) throw new AppError("NOT_FOUND", EDIT_MESSAGES.questionNotFound);
  return saveEdit(db, { courseId, userId, version, notFound: EDIT_MESSAGES.questionNotFound }, async (tx) => {
    const { count } = await tx.quizQuestion.updateMany({ where: { id, quizId: quiz.id }, data: { quizId: null, retiredQuizId: quiz.id } });
    if (count === 0) throw new AppError("NOT_FOUND", EDIT_MESSAGES.questionNotFound);
    return { change: { kind: "question", questionId: id, sectionId: quiz.section.id, title: quiz.section.title }, extra: {} };
  });
}

import { z } from "zod";

import { regenerationOutput, type RegenerationView } from "~/lib/schemas/editing";
import type { Db, DbClient } from "~/server/db/client";
import { findCourseForWriting, replaceSectionQuiz, updateSection } from "~/server/db/queries/editing";
import { findSectionJob, insertSectionJob, selectActiveJobInputs } from "~/server/db/queries/generation";
import { AppError } from "~/server/errors";
import { createLlmSectionWriter } from "~/server/ai/section/llm";
import { createOfflineSectionWriter } from "~/server/ai/offline/section-writer";
import type { SectionWriter } from "~/server/ai/section/types";
import type { QuizEngine } from "~/server/ai/quiz/types";
import { aiCallSettings, getLanguageModel } from "~/server/ai/models";
import { type ClaimedJob, completeJob, notifyJobQueued, recordJobStage } from "~/server/jobs/queue";
import { logger } from "~/server/logger";

import { tagQuizQuestions } from "../concepts/course-concepts";
import { defaultQuizEngine, questionRows, writeSectionQuiz } from "../quiz/generate-quiz";
import { getCourseTrack } from "../transcript/course-track";
import { courseOfSection, outlineAround } from "./section-outline";
import { lockOwnCourse, saveEdit } from "./save-edit";
import { EDIT_MESSAGES, MAX_ACTIVE_REGENERATIONS, REGENERATION_MESSAGES } from "~/lib/rules/editing";

/** What a section regeneration stores as its job's input. */
export const regenerationJobInputSchema = z.object({
  kind: z.literal("section"),
  courseId: z.number().int(),
  sectionId: z.number().int(),
  instructions: z.string().nullable(),
  /** The version the owner asked on (the job applies on whatever version is current when it ends). */
  version: z.number().int(),
});
export type RegenerationJobInput = z.infer<typeof regenerationJobInputSchema>;

export type RegenerationDeps = { writer: SectionWriter; quizEngine: QuizEngine };

/** The configured writers: the language model when one is set up, the offline ones otherwise. */
export function defaultRegenerationDeps(): RegenerationDeps {
  const model = getLanguageModel();
  return {
    writer: model ? createLlmSectionWriter(model, { timeoutMs: aiCallSettings().timeoutMs }) : createOfflineSectionWriter(),
    quizEngine: defaultQuizEngine(),
  };
}

function toView(job: {
  id: string;
  status: RegenerationView["status"];
  stage: string;
  progress: number;
  error: string | null;
  input: unknown;
}): RegenerationView {
  const input = regenerationJobInputSchema.safeParse(job.input);
  const stage = regenerationOutput.shape.stage.catch("queued").parse(job.stage);
  return {
    jobId: job.id,
    status: job.status,
    stage,
    progress: job.progress,
    error: job.error,
    courseId: input.success ? input.data.courseId : null,
    sectionId: input.success ? input.data.sectionId : null,
  };
}

/**
 * POST /api/sections/{id}/regenerate: queues the rewrite of one section's content and quiz (by the
 * model when one is set up, else offline), checked like an edit (the owner, the version on screen).
 * It takes nothing from the monthly allowance. One at a time per section, three per owner.
 */
export async function startRegeneration(
  db: Db,
  { userId, id, instructions, version }: { userId: number; id: number; instructions?: string; version: number },
): Promise<RegenerationView> {
  const courseId = await courseOfSection(db, id);
  const job = await db.$transaction(async (tx) => {
    await lockOwnCourse(tx, { courseId, userId, version, notFound: EDIT_MESSAGES.sectionNotFound });
    await outlineAround(tx, { courseId, sectionId: id });
    const active = await selectActiveJobInputs(tx, { userId, kind: "section" });
    if (active.some((job) => regenerationJobInputSchema.safeParse(job.input).data?.sectionId === id))
      throw new AppError("CONFLICT", REGENERATION_MESSAGES.busy);
    if (active.length >= MAX_ACTIVE_REGENERATIONS) throw new AppError("TOO_MANY_REQUESTS", REGENERATION_MESSAGES.tooMany, { retryAfterSeconds: 30 });
    const input: RegenerationJobInput = { kind: "section", courseId, sectionId: id, instructions: instructions?.trim() || null, version };
    return insertSectionJob(tx, { userId, input });
  });
  notifyJobQueued();
  return toView(job);
}

/** GET /api/regenerations/{jobId}: one of the caller's regenerations (anyone else's is not found). */
export async function getRegeneration(db: DbClient, { userId, jobId }: { userId: number; jobId: string }): Promise<RegenerationView> {
  const job = await findSectionJob(db, { userId, jobId });
  if (!job) throw new AppError("NOT_FOUND", REGENERATION_MESSAGES.notFound);
  return toView(job);
}

/**
 * Runs a claimed regeneration: writes the content, then the quiz (a section too short for one
 * keeps its quiz), then saves both as the course's next version with the job marked done, in one
 * transaction. The old questions leave the quiz, kept for a restore with their answers.
 */
export async function runRegenerationJob(db: Db, job: ClaimedJob<RegenerationJobInput>, deps: RegenerationDeps, signal: AbortSignal) {
  const { courseId, sectionId, instructions } = job.input;
  await recordJobStage(db, job, "writing", 10);
  const course = await findCourseForWriting(db, courseId);
  const track = await getCourseTrack(db, courseId);
  if (!course || !track) throw new AppError("UNPROCESSABLE", REGENERATION_MESSAGES.noTranscript);
  const { section, span } = await outlineAround(db, { courseId, sectionId }).catch(() => {
    throw new AppError("CONFLICT", REGENERATION_MESSAGES.gone);
  });
  const content = await deps.writer.write(
    {
      courseTitle: course.title,
      sectionTitle: section.title,
      complexity: course.complexity,
      language: course.language,
      segments: track.segments,
      timeStart: span.start,
      timeEnd: span.end,
      instructions,
    },
    { signal },
  );
  signal.throwIfAborted();
  await recordJobStage(db, job, "quiz", 50);
  const quiz = await writeSectionQuiz(
    db,
    { course, section: { id: sectionId, title: section.title, timeStart: span.start, timeEnd: span.end } },
    deps.quizEngine,
  ).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "UNPROCESSABLE") return null;
    throw error;
  });
  signal.throwIfAborted();
  await recordJobStage(db, job, "saving", 90);
  const saved = await saveEdit(db, { courseId, userId: job.userId, version: undefined, notFound: REGENERATION_MESSAGES.gone }, async (tx) => {
    await outlineAround(tx, { courseId, sectionId }).catch(() => {
      throw new AppError("CONFLICT", REGENERATION_MESSAGES.gone);
    });
    await updateSection(tx, { sectionId, content });
    let quizId: number | null = null;
    if (quiz) {
      const fields = { title: quiz.title, description: quiz.description, engine: deps.quizEngine.name };
      quizId = await replaceSectionQuiz(tx, { sectionId, fields, questions: questionRows(quiz) });
    }
    await completeJob(tx, job, null);
    return { change: { kind: "regenerate", sectionId, title: section.title, instructions }, extra: { quizId } };
  });
  if (saved.quizId !== null && quiz) {
    await tagQuizQuestions(
      db,
      saved.quizId,
      quiz.questions.map((question) => question.concepts),
    ).catch((error: unknown) => logger.warn("could not tag a regenerated quiz's questions", { quizId: saved.quizId, error: String(error) }));
  }
  return { courseId, sectionId, version: saved.version, engine: deps.writer.name };
}

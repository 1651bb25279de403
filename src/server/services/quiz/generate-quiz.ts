import { createLlmQuizEngine } from "~/server/ai/quiz";
import { isAiError } from "~/server/ai/errors";
import { aiCallSettings, getLanguageModel } from "~/server/ai/models";
import { createOfflineQuizEngine } from "~/server/ai/offline/quiz-engine";
import { buildOpenQuestions, OPEN_QUESTIONS_PER_QUIZ } from "~/server/ai/offline/open-questions";
import { quizLeaks, withOpenQuestions } from "~/server/ai/quiz/stand-alone";
import { QUIZ_MAX_QUESTIONS, QUIZ_MIN_QUESTIONS, QUIZ_OPTION_COUNT, type GeneratedQuiz, type QuizEngine, type QuizSource } from "~/server/ai/quiz/types";
import type { QuizView } from "~/lib/schemas/quiz";
import type { DbClient } from "~/server/db";
import { storeSectionQuiz } from "~/server/db/queries/quiz";
import { AppError, toAppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { sectionConceptLabels, tagQuizQuestions } from "~/server/services/concepts/course-concepts";
import { getCourseTrack } from "~/server/services/transcript/course-track";

import { findLastAttempt, findSectionQuiz, getVisibleSectionOrThrow, toQuizView, type VisibleSection } from "./get-quiz";

const NO_TRANSCRIPT_FOR_QUIZ = "This section has no video transcript to build a quiz from.";

export type QuizDeps = { engine?: QuizEngine };

/** The configured engine: the language model when one is set up, the offline builder otherwise. */
export function defaultQuizEngine(): QuizEngine {
  const model = getLanguageModel();
  return model ? createLlmQuizEngine(model, { timeoutMs: aiCallSettings().timeoutMs }) : createOfflineQuizEngine();
}

/**
 * Concurrent requests in this process for one section share one generation (one model call).
 * Keyed by database client too, so separate databases (tests) never share a promise.
 */
const inFlight = new WeakMap<object, Map<number, Promise<QuizView>>>();

/**
 * The section's quiz, generated on first request. Generated once per section: the model call
 * runs outside any transaction (it takes seconds); the quiz and its questions are then inserted
 * in one statement, and when another instance inserted first, the unique sectionId refuses ours
 * and everyone gets the stored quiz.
 */
export async function generateSectionQuiz(db: DbClient, { sectionId, userId }: { sectionId: number; userId: number }, deps: QuizDeps = {}): Promise<QuizView> {
  const section = await getVisibleSectionOrThrow(db, { sectionId, userId });
  const existing = await findSectionQuiz(db, { sectionId, userId });
  if (existing) return existing;
  const pending = inFlight.get(db) ?? new Map<number, Promise<QuizView>>();
  inFlight.set(db, pending);
  const shared = pending.get(sectionId);
  if (shared) {
    // Another request of this process is writing it: the quiz is theirs, the last attempt our own.
    const { lastAttempt: _theirs, ...quiz } = await shared;
    return { ...quiz, lastAttempt: await findLastAttempt(db, { quizId: quiz.quiz.id, userId }) };
  }
  const generation = buildAndStore(db, section, userId, deps).finally(() => pending.delete(sectionId));
  pending.set(sectionId, generation);
  return generation;
}

/** What a quiz is written from: the section on the course's track, with the concepts the course found in it. */
export type QuizSubject = {
  course: { id: number; title: string; language: string };
  section: { id: number; title: string; timeStart: number; timeEnd: number | null };
};

/**
 * Writes a section's quiz (the engine's questions, then the open ones from the transcript) without
 * storing it; AI failures become the AppErrors a request answers with.
 */
export async function writeSectionQuiz(db: DbClient, { course, section }: QuizSubject, engine: QuizEngine): Promise<GeneratedQuiz> {
  const track = await getCourseTrack(db, course.id);
  if (!track) throw new AppError("UNPROCESSABLE", NO_TRANSCRIPT_FOR_QUIZ);
  const source: QuizSource = {
    courseTitle: course.title,
    sectionTitle: section.title,
    timeStart: section.timeStart,
    timeEnd: section.timeEnd,
    segments: track.segments,
    language: course.language,
    concepts: await sectionConceptLabels(db, { courseId: course.id, sectionId: section.id }),
  };
  let generated: GeneratedQuiz;
  try {
    // Open questions come from the transcript whatever engine wrote the rest: their reference is
    // what the video says. The engine writes its questions to stand beside them; where they still
    // give each other away, withOpenQuestions settles it.
    const open = buildOpenQuestions(source);
    const choices = await engine.generate({ ...source, alongside: open });
    generated = { ...choices, questions: withOpenQuestions(choices.questions, open) };
  } catch (error) {
    if (isAiError(error)) throw new AppError(error.kind === "rate-limited" ? "TOO_MANY_REQUESTS" : "SERVICE_UNAVAILABLE", error.message);
    throw error;
  }
  assertSound(generated);
  return generated;
}

/** A written quiz's questions as rows to create, numbered from 1. */
export function questionRows(generated: GeneratedQuiz) {
  return generated.questions.map((q, order) => ({
    order: order + 1,
    kind: q.kind ?? "choice",
    questionText: q.questionText,
    options: q.options,
    correctAnswer: q.correctAnswer,
    keyIdeas: q.keyIdeas ?? [],
    explanation: q.explanation,
    sourceTime: q.sourceTime,
  }));
}

async function buildAndStore(db: DbClient, section: VisibleSection, userId: number, deps: QuizDeps): Promise<QuizView> {
  const engine = deps.engine ?? defaultQuizEngine();
  const generated = await writeSectionQuiz(db, { course: section.chapter.course, section }, engine);
  try {
    const fields = { title: generated.title, description: generated.description, engine: engine.name };
    // A quiz whose owner deleted every question is filled again (it keeps its attempts); two
    // fillings at once meet on the unique (quiz, order), like two creations on the unique section.
    const quiz = await storeSectionQuiz(db, { sectionId: section.id, fields, questions: questionRows(generated) });
    const modelTags = generated.questions.map((question) => question.concepts);
    await tagQuizQuestions(db, quiz.id, modelTags).catch((error: unknown) =>
      logger.warn("could not tag a quiz's questions", { quizId: quiz.id, error: String(error) }),
    );
    return await toQuizView(db, quiz, userId);
  } catch (error) {
    // Another instance stored this section's quiz first: theirs is the quiz.
    if (toAppError(error)?.code === "CONFLICT") {
      const stored = await findSectionQuiz(db, { sectionId: section.id, userId });
      if (stored) return stored;
    }
    throw error;
  }
}

/** What every engine promises; a breach is a bug (a 500 that is logged), never a stored quiz. */
function assertSound(quiz: GeneratedQuiz): void {
  const questions = quiz.questions.filter((q) => q.kind !== "open");
  const open = quiz.questions.filter((q) => q.kind === "open");
  if (questions.length < QUIZ_MIN_QUESTIONS || questions.length > QUIZ_MAX_QUESTIONS) throw new Error(`quiz engine returned ${questions.length} questions`);
  if (open.length > OPEN_QUESTIONS_PER_QUIZ || open.some((q) => q.options.length > 0 || !q.correctAnswer.trim()))
    throw new Error("an open question has options or no reference answer");
  for (const q of questions) {
    if (q.options.length !== QUIZ_OPTION_COUNT || new Set(q.options).size !== QUIZ_OPTION_COUNT)
      throw new Error("quiz engine returned options that are not 4 distinct");
    if (q.options.filter((o) => o === q.correctAnswer).length !== 1) throw new Error("quiz engine returned a correct answer outside its options");
  }
  if (quizLeaks(quiz.questions).length > 0) throw new Error("quiz engine returned a question that gives another's answer away");
}

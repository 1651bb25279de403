/** generateSectionQuiz with injected engines: the LLM engine, AI failures, shared in-flight work, the cross-instance race. */
import { APICallError } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, test } from "vitest";

import { createOfflineQuizEngine } from "~/server/ai/offline/quiz-engine";
import { createLlmQuizEngine, QUIZ_AI_MESSAGES } from "~/server/ai/quiz";
import type { QuizEngine } from "~/server/ai/quiz/types";
import { AppError } from "~/server/errors";

import { db } from "../../../../test/db";
import { createQuiz, createQuizCourse } from "../../../../test/factories/quiz";
import { reply } from "../../../../test/mock-model";

import { generateSectionQuiz } from "./generate-quiz";

type CallOptions = MockLanguageModelV4["doGenerateCalls"][number];

const shownIds = (options: CallOptions) =>
  [
    ...options.prompt
      .flatMap((m) => (m.role === "user" && Array.isArray(m.content) ? m.content : []))
      .map((p) => ("text" in p ? p.text : ""))
      .join("\n")
      .matchAll(/^\[(\d+)\]/gm),
  ].map((m) => Number(m[1]));

const llmAnswer = (options: CallOptions) => {
  const ids = shownIds(options);
  return {
    title: "Binary search basics",
    description: "Checks the opening.",
    questions: [0, 1, 2].map((n) => ({
      segmentId: ids[Math.min(n, ids.length - 1)]!,
      questionText: `Question ${n + 1}?`,
      options: ["right", "wrong a", "wrong b", "wrong c"],
      correctAnswer: "right",
      explanation: `Explanation ${n + 1}.`,
    })),
  };
};

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("generateSectionQuiz", () => {
  test("the LLM engine: stored with engine llm, times from the cited segments inside the section", async () => {
    const { course, sections } = await createQuizCourse(db);
    const section = sections[1]!;
    const model = new MockLanguageModelV4({ doGenerate: (options) => reply(llmAnswer(options)) });
    const quiz = await generateSectionQuiz(db, { sectionId: section.id, userId: course.userId }, { engine: createLlmQuizEngine(model) });
    expect(quiz.quiz.engine).toBe("llm");
    // The model's title is stored; the quiz is shown under the section's own, worded when read.
    expect(quiz.quiz.title).toBe(`Quiz: ${section.title}`);
    expect((await db.quiz.findUniqueOrThrow({ where: { id: quiz.quiz.id } })).title).toBe("Binary search basics");
    const stored = await db.quizQuestion.findMany({ where: { quizId: quiz.quiz.id }, orderBy: { order: "asc" } });
    // The model's questions, then the open ones the transcript gives.
    expect(stored.filter((q) => q.kind === "choice").map((q) => q.correctAnswer)).toEqual(["right", "right", "right"]);
    expect(stored.slice(3).every((q) => q.kind === "open")).toBe(true);
    for (const q of stored) {
      expect(q.sourceTime).toBeGreaterThanOrEqual(section.timeStart);
      expect(q.sourceTime).toBeLessThan(section.timeEnd!);
    }
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  test.each([
    ["rate limited", 429, "TOO_MANY_REQUESTS", QUIZ_AI_MESSAGES["rate-limited"]],
    ["unavailable", 503, "SERVICE_UNAVAILABLE", QUIZ_AI_MESSAGES.unavailable],
  ] as const)("AI %s (HTTP %i) → AppError %s, nothing stored", async (_name, statusCode, code, message) => {
    const { course, sections } = await createQuizCourse(db);
    const model = new MockLanguageModelV4({
      doGenerate: () =>
        Promise.reject(
          new APICallError({
            message: "x",
            url: "http://llm.local",
            requestBodyValues: {},
            statusCode,
            responseHeaders: { "retry-after-ms": "1" },
            isRetryable: true,
          }),
        ),
    });
    const error = await errorOf(generateSectionQuiz(db, { sectionId: sections[0]!.id, userId: course.userId }, { engine: createLlmQuizEngine(model) }));
    expect([error.code, error.message]).toEqual([code, message]);
    expect(await db.quiz.count({ where: { sectionId: sections[0]!.id } })).toBe(0);
  });

  test("AI timeout and malformed output → SERVICE_UNAVAILABLE with a clear message", async () => {
    const { course, sections } = await createQuizCourse(db);
    const hanging = new MockLanguageModelV4({
      doGenerate: (options) =>
        new Promise<never>((_, reject) => options.abortSignal?.addEventListener("abort", () => reject(options.abortSignal?.reason as Error))),
    });
    const timeout = await errorOf(
      generateSectionQuiz(db, { sectionId: sections[0]!.id, userId: course.userId }, { engine: createLlmQuizEngine(hanging, { timeoutMs: 50 }) }),
    );
    expect([timeout.code, timeout.message]).toEqual(["SERVICE_UNAVAILABLE", QUIZ_AI_MESSAGES.timeout]);
    const garbage = new MockLanguageModelV4({ doGenerate: () => reply({ nonsense: true }) });
    const malformed = await errorOf(generateSectionQuiz(db, { sectionId: sections[0]!.id, userId: course.userId }, { engine: createLlmQuizEngine(garbage) }));
    expect([malformed.code, malformed.message]).toEqual(["SERVICE_UNAVAILABLE", QUIZ_AI_MESSAGES.malformed]);
    expect(garbage.doGenerateCalls).toHaveLength(3);
    expect(await db.quiz.count({ where: { sectionId: sections[0]!.id } })).toBe(0);
  });

  test("concurrent requests in one process share one generation", async () => {
    const { course, sections } = await createQuizCourse(db);
    let calls = 0;
    const offline = createOfflineQuizEngine();
    const counting: QuizEngine = {
      name: "offline",
      async generate(source) {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return offline.generate(source);
      },
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => generateSectionQuiz(db, { sectionId: sections[2]!.id, userId: course.userId }, { engine: counting })),
    );
    expect(calls).toBe(1);
    expect(new Set(results.map((r) => r.quiz.id)).size).toBe(1);
  });

  test("another instance storing the quiz first: its quiz is returned, ours is dropped", async () => {
    const { course, sections } = await createQuizCourse(db);
    const section = sections[0]!;
    let theirs: number | null = null;
    const racing: QuizEngine = {
      name: "offline",
      async generate(source) {
        const quiz = await createOfflineQuizEngine().generate(source);
        theirs = (await createQuiz(db, section.id)).id; // the other instance wins meanwhile
        return quiz;
      },
    };
    const result = await generateSectionQuiz(db, { sectionId: section.id, userId: course.userId }, { engine: racing });
    expect(theirs).not.toBeNull();
    expect(result.quiz.id).toBe(theirs);
    // Theirs: its three questions, not ours.
    expect(result.questions.map((q) => q.questionText)).toEqual(["Question 1?", "Question 2?", "Question 3?"]);
    expect(await db.quiz.count({ where: { sectionId: section.id } })).toBe(1);
  });
});

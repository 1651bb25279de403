import { fileURLToPath } from "node:url";

import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { FAKE_LLM_MODE_PROJECT } from "./constants";
import { AuthPage, type Credentials } from "./pages/auth-page";
import { CreateCoursePage } from "./pages/create-course-page";
import { MISSED_OPEN_ANSWER } from "./pages/quiz-questions";
import { Shell } from "./pages/shell";

/** The fake OpenAI-compatible server's control endpoint (playwright.config.ts starts it). */
const FAKE_OPENAI_CONTROL = "http://127.0.0.1:3105/__control";
/** The second app instance: no LLM configured, videos from test/fixtures/videos (the offline engine). */
export const OFFLINE_BASE_URL = `http://localhost:${process.env.E2E_OFFLINE_PORT ?? 3103}`;
/**
 * The third: the offline engine on the stub player, with videos of the shared corpus in several
 * languages and a five-video playlist (test/scripts/e2e-languages-library.mjs builds its library).
 */
export const LANGUAGES_BASE_URL = `http://localhost:${process.env.E2E_LANGUAGES_PORT ?? 3107}`;

export type FakeLlmState = {
  mode?: "normal" | "rate-limit" | "timeout" | "malformed" | "server-error" | "cut";
  latencyMs?: number;
  chunkDelayMs?: number;
  times?: number;
};

/** Switches the fake LLM's behaviour for the next `times` completions (or until changed). */
export async function setFakeLlm(request: APIRequestContext, state: FakeLlmState) {
  // The mode is the same for every test: only the project that runs alone may change it.
  const project = base.info().project.name;
  if (project !== FAKE_LLM_MODE_PROJECT) throw new Error(`setFakeLlm from project "${project}": list the spec in FAKE_LLM_MODE_SPECS (playwright.config.ts)`);
  const response = await request.post(FAKE_OPENAI_CONTROL, { data: state });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Waits until React has hydrated `element`: a server-rendered button shows before its handlers
 * are attached, and a click or key press before then does nothing (seen on a busy machine).
 * React keeps an element's props under a `__reactProps$…` key once it owns it.
 */
export async function expectHydrated(element: Locator) {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), { timeout: 20_000 }).toBe(true);
}

/** Back to prompt, valid answers. */
export const resetFakeLlm = (request: APIRequestContext) => setFakeLlm(request, { mode: "normal", latencyMs: 0, chunkDelayMs: 0 });

/** The two viewports every page is tested at: a desktop and a 390x844 phone (under the 768px breakpoint). */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

let counter = 0;
/** A username no other test uses (the e2e database lives for the whole run). */
export function uniqueUser(prefix = "learner"): Credentials {
  counter += 1;
  // The worker's index keeps two workers that start in the same millisecond apart.
  const username = `${prefix}${Date.now().toString(36)}-${process.env.TEST_PARALLEL_INDEX ?? 0}-${counter}`;
  return { username, email: `${username}@example.com`, password: "correct horse battery" };
}

export type { Credentials };

/**
 * Registers through POST /api/register; with `page.request` the browser is then signed in.
 * `origin` picks another app instance (e.g. OFFLINE_BASE_URL); the default is the baseURL.
 */
export async function registerViaApi(request: APIRequestContext, user: Credentials = uniqueUser(), origin = "") {
  const response = await request.post(`${origin}/api/register`, { data: { username: user.username, email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return user;
}

type Section = { id: number; title: string; timeStart: number };
export type CourseDetail = {
  course: {
    id: number;
    title: string;
    engine: string | null;
    videoId: string | null;
    language: string;
    videos: { videoId: string; title: string; offsetSeconds: number; durationSeconds: number }[];
  };
  chapters: { title: string; sections: Section[] }[];
};
export type FlatSection = Section & { chapterTitle: string };

/**
 * Generates a course for the signed-in learner of `request` and reads it back (`origin` as for
 * registerViaApi; `language`, the course language asked for, none by default).
 */
export async function generateCourse(request: APIRequestContext, origin = "", topic = "binary search", language?: string) {
  const created = await request.post(`${origin}/api/courses/generate-from-topic`, {
    data: { topic, complexity: "beginner", ...(language ? { language } : {}) },
  });
  expect([200, 201], await created.text()).toContain(created.status());
  const { course } = (await created.json()) as { course: { id: number } };
  const response = await request.get(`${origin}/api/courses/${course.id}`);
  expect(response.status()).toBe(200);
  const detail = (await response.json()) as CourseDetail;
  const sections: FlatSection[] = detail.chapters.flatMap((chapter) => chapter.sections.map((section) => ({ ...section, chapterTitle: chapter.title })));
  return { detail, sections };
}

export type QuizQuestionView = { id: number; kind: "choice" | "open"; questionText: string; options: string[]; sourceTime: number | null };
export type QuizView = { quiz: { id: number }; questions: QuizQuestionView[] };
type AttemptResult = {
  score: number;
  passed: boolean;
  results: { questionId: number; answer: string; correct: boolean; credit: number; correctAnswer: string; sourceTime: number | null }[];
  cardsCreated: number;
};
/** A quiz question with its right answer: a choice's right option, an open question's reference (what the video says). */
export type LearnedQuestion = QuizQuestionView & { correct: string };

/** A section's quiz for the learner of `request`, generated on first request (`origin` as for registerViaApi). */
export async function sectionQuiz(request: APIRequestContext, sectionId: number, origin = "") {
  const generated = await request.post(`${origin}/api/sections/${sectionId}/generate-quiz`);
  expect(generated.status(), await generated.text()).toBe(200);
  return (await generated.json()) as QuizView;
}

/** Submits an attempt of a quiz through the API; `answer` gives each question's answer. */
export async function submitAttempt(request: APIRequestContext, view: QuizView, answer: (question: QuizQuestionView) => string, origin = "") {
  const attempt = await request.post(`${origin}/api/quizzes/${view.quiz.id}/attempts`, {
    data: { answers: view.questions.map((q) => ({ questionId: q.id, answer: answer(q) })) },
  });
  expect(attempt.status(), await attempt.text()).toBe(200);
  return (await attempt.json()) as AttemptResult;
}

/** The answer of a learner who does not know: a choice's option number `option` (the first by default), MISSED_OPEN_ANSWER to an open question. */
export const guess =
  (option = 0) =>
  (question: QuizQuestionView) =>
    question.kind === "open" ? MISSED_OPEN_ANSWER : question.options[option]!;

/**
 * A section's quiz with its right answers, learned from an attempt through the API (the quiz never
 * holds them): the first option of each choice, MISSED_OPEN_ANSWER to an open question. An open
 * question's right answer is its reference, what the video says there: written as the answer, it
 * earns the grader's credit for the video's key ideas (the question said back earns at most 0.2).
 * The attempt counts as the learner's; a scout learner keeps the one under test without it.
 */
export async function learnQuiz(request: APIRequestContext, sectionId: number, origin = "") {
  const view = await sectionQuiz(request, sectionId, origin);
  const { results } = await submitAttempt(request, view, guess(), origin);
  const questions: LearnedQuestion[] = view.questions.map((q) => ({ ...q, correct: results.find((r) => r.questionId === q.id)!.correctAnswer }));
  return { view, questions };
}

/** An answer the grader counts wrong: a choice's first option that is not the right one, MISSED_OPEN_ANSWER to an open question. */
export const wrongAnswer = (question: LearnedQuestion) =>
  question.kind === "open" ? MISSED_OPEN_ANSWER : question.options.find((option) => option !== question.correct)!;

/** The front of the review card a missed question makes (quizCardFront): an open question's text, a choice's with its options (a cloze needs none). */
export function cardFront({ questionText, options }: Pick<QuizQuestionView, "questionText" | "options">) {
  if (options.length === 0 || /_{3,}/.test(questionText)) return questionText;
  return `${questionText}\n\n${options.map((option, i) => `${String.fromCharCode(65 + i)}. ${option}`).join("\n")}`;
}

/**
 * Submits attempts of a section's quiz (first option of each choice question, then the second, …;
 * MISSED_OPEN_ANSWER to each open one) until some answers are wrong; answers the questions missed,
 * as the cards they make.
 */
export async function missQuestions(request: APIRequestContext, sectionId: number) {
  const view = await sectionQuiz(request, sectionId);
  const missed = new Map<number, { front: string; sourceTime: number | null }>();
  for (let option = 0; option < 4 && missed.size === 0; option += 1) {
    const { results } = await submitAttempt(request, view, guess(option));
    for (const result of results) {
      if (!result.correct)
        missed.set(result.questionId, { front: cardFront(view.questions.find((q) => q.id === result.questionId)!), sourceTime: result.sourceTime });
    }
  }
  expect(missed.size).toBeGreaterThan(0);
  return [...missed.values()];
}

/** The script the course player's YouTube adapter loads (the app instance on OFFLINE_BASE_URL runs VIDEO_PLAYER=youtube). */
export const YOUTUBE_IFRAME_API = "https://www.youtube.com/iframe_api";
const FAKE_YOUTUBE_IFRAME_API = fileURLToPath(new URL("./fakes/youtube-iframe-api.js", import.meta.url));

/**
 * Keeps `page` off YouTube: the IFrame API is answered with e2e/fakes/youtube-iframe-api.js
 * (`iframeApi: "fake"`) or fails to load (`"fail"`), and every other www.youtube.com request is
 * aborted. Answers the list of www.youtube.com URLs the page asked for, filled as it does.
 */
export async function routeYouTube(page: Page, { iframeApi = "fake" }: { iframeApi?: "fake" | "fail" } = {}) {
  const requested: string[] = [];
  await page.route("https://www.youtube.com/**", async (route) => {
    requested.push(route.request().url());
    await route.abort("blockedbyclient");
  });
  // Registered last, so it is asked first.
  await page.route(YOUTUBE_IFRAME_API, async (route) => {
    requested.push(route.request().url());
    if (iframeApi === "fail") await route.abort("internetdisconnected");
    else await route.fulfill({ path: FAKE_YOUTUBE_IFRAME_API, contentType: "text/javascript; charset=utf-8" });
  });
  return requested;
}

/** The axe rules a change of theme alone can break: only colours change. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** No serious or critical axe violation on the page (of `rules` only, when given). */
export async function expectAccessible(page: Page, rules?: string[]) {
  // A colour mid-transition (a button whose variant just changed) is neither the old nor the new
  // one, so axe judges the settled page: no new motion, and what is moving allowed to finish.
  const motionWas = (await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches)) ? "reduce" : "no-preference";
  await page.emulateMedia({ reducedMotion: "reduce" });
  let results;
  try {
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const axe = new AxeBuilder({ page });
    results = await (rules ? axe.withRules(rules) : axe).analyze();
  } finally {
    await page.emulateMedia({ reducedMotion: motionWas });
  }
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(blocking.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}

export const test = base.extend<{ authPage: AuthPage; shell: Shell; createCoursePage: CreateCoursePage }>({
  authPage: async ({ page }, provide) => provide(new AuthPage(page)),
  createCoursePage: async ({ page }, provide) => provide(new CreateCoursePage(page)),
  shell: async ({ page }, provide) => provide(new Shell(page)),
});

export { expect };

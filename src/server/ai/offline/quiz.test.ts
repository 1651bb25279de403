/**
 * The offline quiz builder on real transcripts: our fixture videos, and (when present) a few of
 * the shared fixture videos. Sections come from the offline course engine, timed as save-course
 * times them, so the quizzes are built exactly as in production.
 */
import { existsSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { buildOutline } from "~/server/ai/offline/engine";
import { inSection, QUIZ_TOO_SHORT_MESSAGE, quizWindow, type GeneratedQuiz, type QuizSource } from "~/server/ai/quiz/types";
import { isAppError } from "~/server/errors";
import { timeOutline } from "~/server/services/generation/save-course";
import { createLibrarySource } from "~/server/video/sources/library";
import { normaliseTranscript } from "~/server/video/transcript";
import type { TimedSegment } from "~/server/video/types";

import { buildOfflineQuiz, planOfflineQuiz, QUIZ_WINDOW_MIN_WORDS } from "./quiz";
import { cleanSentence } from "./text";

const OWN_DIR = "test/fixtures/videos";
const SHARED_DIR = "/work/shared/fixtures/videos";
const SHARED_IDS = ["3d6DsjIBzJ4", "CfW845LNObM", "EK32jo7i5LQ"];

async function sectionsOf(dir: string, videoId: string): Promise<QuizSource[]> {
  const source = createLibrarySource(dir);
  const details = await source.details(videoId);
  const captions = await source.transcript(videoId);
  if (!details || !captions) throw new Error(`fixture ${videoId} is missing in ${dir}`);
  const segments = normaliseTranscript(captions);
  const durationSeconds = Math.max(Math.round(details.durationSeconds), Math.ceil((segments.at(-1)?.endMs ?? 0) / 1000));
  const outline = await buildOutline({
    topic: details.title,
    complexity: "beginner",
    additionalInstructions: null,
    video: { title: details.title, description: details.description, durationSeconds },
    segments,
    creatorChapters: [],
  });
  return timeOutline(outline, { segments, durationSeconds }).flatMap((chapter) =>
    chapter.sections.map((s) => ({ courseTitle: outline.title, sectionTitle: s.title, timeStart: s.timeStart, timeEnd: s.timeEnd, segments })),
  );
}

/** Normalised for "is this text in the transcript": the builder only cleans fillers and spacing. */
const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const textOf = (source: QuizSource, positions: readonly number[]) => norm(positions.map((p) => cleanSentence(source.segments[p]!.text)).join(" "));

/**
 * Checks a quiz; `positions` are the segments its answers must come from (the section's own,
 * unless it is known to be short).
 */
function expectSoundQuiz(quiz: GeneratedQuiz, source: QuizSource, positions: readonly number[]): void {
  expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
  expect(quiz.questions.length).toBeLessThanOrEqual(5);
  expect(quiz.title).toContain(source.sectionTitle);
  const text = textOf(source, positions);
  const end = source.timeEnd ?? Infinity;
  for (const q of quiz.questions) {
    expect(q.options, q.questionText).toHaveLength(4);
    expect(new Set(q.options.map((o) => o.toLowerCase())).size, `options repeat: ${q.options.join(" | ")}`).toBe(4);
    expect(
      q.options.filter((o) => o === q.correctAnswer),
      q.questionText,
    ).toHaveLength(1);
    expect(q.explanation.length).toBeGreaterThan(10);
    // The transcript moment lies inside the section.
    expect(q.sourceTime).toBeGreaterThanOrEqual(source.timeStart);
    if (end > source.timeStart) expect(q.sourceTime).toBeLessThan(end);
    else expect(q.sourceTime).toBe(source.timeStart);
    if (q.questionText.startsWith("Complete what the video says")) {
      // The blanked sentence with the right term filled in is a real sentence of the section.
      const sentence = /"(.*)"$/.exec(q.questionText)?.[1] ?? "";
      expect(sentence).toContain("_____");
      expect(text).toContain(norm(sentence.replace("_____", q.correctAnswer)));
      // No distractor turns it into something the section says.
      for (const wrong of q.options.filter((o) => o !== q.correctAnswer)) expect(text).not.toContain(norm(sentence.replace("_____", wrong)));
    } else {
      expect(q.questionText).toBe("Which statement does the video make in this section?");
      expect(text).toContain(norm(q.correctAnswer));
      for (const wrong of q.options.filter((o) => o !== q.correctAnswer)) expect(text).not.toContain(norm(wrong));
    }
  }
}

describe("buildOfflineQuiz on our fixture videos", () => {
  for (const videoId of ["binSearch01", "hashTable01", "recursion01"]) {
    it(`${videoId}: every section gets a sound quiz grounded in its transcript`, async () => {
      const sections = await sectionsOf(OWN_DIR, videoId);
      expect(sections.length).toBeGreaterThan(0);
      for (const section of sections) {
        // Answers come from the section's own transcript, plus neighbours only up to the
        // minimum word count when the section is short (never a wider borrowing here).
        const { window: firstWindow } = quizWindow(section, QUIZ_WINDOW_MIN_WORDS);
        const { quiz, window } = planOfflineQuiz(section);
        expect(window).toEqual(firstWindow);
        expectSoundQuiz(quiz, section, window);
      }
    });
  }

  it("mixes cloze and statement questions, and the correct option is not always in one place", async () => {
    const sections = await sectionsOf(OWN_DIR, "binSearch01");
    const questions = sections.flatMap((s) => buildOfflineQuiz(s).questions);
    expect(questions.some((q) => q.questionText.startsWith("Complete what the video says"))).toBe(true);
    expect(questions.some((q) => q.questionText.startsWith("Which statement"))).toBe(true);
    const positions = new Set(questions.map((q) => q.options.indexOf(q.correctAnswer)));
    expect(positions.size).toBeGreaterThanOrEqual(3);
  });

  it("is deterministic: the same section gives the same quiz", async () => {
    const [first] = await sectionsOf(OWN_DIR, "hashTable01");
    const again = (await sectionsOf(OWN_DIR, "hashTable01"))[0]!;
    expect(buildOfflineQuiz(again)).toEqual(buildOfflineQuiz(first!));
    expect(buildOfflineQuiz({ ...first!, segments: [...first!.segments] })).toEqual(buildOfflineQuiz(first!));
  });

  it("questions follow the video's order", async () => {
    const sections = await sectionsOf(OWN_DIR, "binSearch01");
    for (const section of sections) {
      const times = buildOfflineQuiz(section).questions.map((q) => q.sourceTime);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });
});

describe("buildOfflineQuiz on short sections", () => {
  it("a section of a few seconds borrows neighbouring text and still gets ≥ 3 questions inside it", async () => {
    const sections = await sectionsOf(OWN_DIR, "binSearch01");
    const base = sections[1]!;
    const first = base.segments.find((s) => inSection(s, base))!;
    const tiny: QuizSource = { ...base, timeStart: Math.floor(first.startMs / 1000), timeEnd: Math.floor(first.startMs / 1000) + 2 };
    expect(base.segments.filter((s) => inSection(s, tiny)).length).toBe(1);
    const { quiz, window } = planOfflineQuiz(tiny);
    expect(window.length).toBeGreaterThan(1);
    expectSoundQuiz(quiz, tiny, window);
    for (const q of quiz.questions) expect([tiny.timeStart, tiny.timeStart + 1]).toContain(q.sourceTime);
  });

  it("a zero-length section (timeEnd = timeStart) gets its questions at its start", async () => {
    const sections = await sectionsOf(OWN_DIR, "binSearch01");
    const base = sections[2]!;
    const zero: QuizSource = { ...base, timeEnd: base.timeStart };
    const quiz = buildOfflineQuiz(zero);
    expect(quiz.questions.every((q) => q.sourceTime === base.timeStart)).toBe(true);
  });

  it("a video with too little text → AppError UNPROCESSABLE with a clear message", () => {
    const segments: TimedSegment[] = [
      { index: 0, startMs: 0, endMs: 3000, text: "Hello there." },
      { index: 1, startMs: 3000, endMs: 6000, text: "Thanks for watching." },
    ];
    let caught: unknown;
    try {
      buildOfflineQuiz({ courseTitle: "C", sectionTitle: "S", timeStart: 0, timeEnd: null, segments });
    } catch (error) {
      caught = error;
    }
    expect(isAppError(caught)).toBe(true);
    expect((caught as Error).message).toBe(QUIZ_TOO_SHORT_MESSAGE);
    expect((caught as { code: string }).code).toBe("UNPROCESSABLE");
  });
});

describe.skipIf(!existsSync(SHARED_DIR))("buildOfflineQuiz on the shared fixture videos", () => {
  for (const videoId of SHARED_IDS) {
    it(`${videoId}: every section gets a sound quiz`, async () => {
      const sections = await sectionsOf(SHARED_DIR, videoId);
      let fromOwnText = 0;
      for (const section of sections) {
        const { own } = quizWindow(section, QUIZ_WINDOW_MIN_WORDS);
        const { quiz, window } = planOfflineQuiz(section);
        expect(window).toEqual(expect.arrayContaining(own));
        expectSoundQuiz(quiz, section, window);
        if (window.length === own.length) fromOwnText += 1;
      }
      // Borrowing neighbouring text is the exception, not the rule.
      expect(fromOwnText / sections.length).toBeGreaterThanOrEqual(0.75);
    });
  }
});
if (!existsSync(SHARED_DIR)) console.log(`skipping the shared-fixture quiz tests: ${SHARED_DIR} is absent`);

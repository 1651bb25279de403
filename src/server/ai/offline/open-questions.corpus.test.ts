/**
 * Open questions on videos of the shared corpus (English and a translation), when present: every
 * reference passes when given back, its key ideas are content words (no generic or filler word),
 * and those key ideas pasted as a list earn at most LIST_FACTOR. Skips when ../shared is absent.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, test } from "vitest";

import { OPEN_PASS_CREDIT } from "~/lib/schemas/quiz";
import { englishGrammar, englishOnAllText } from "~/server/language/packs/en";

import { librarySectionSources } from "../../../../test/fixtures/quiz-sources";
import { SHARED_TRANSLATIONS, SHARED_VIDEOS } from "../../../../test/fixtures/video-folder";

import { gradeOpenAnswer, LIST_FACTOR } from "./grade-open";
import { buildOpenQuestions } from "./open-questions";

const CASES = [
  { dir: SHARED_VIDEOS, language: "en", videoId: "aircAruvnKk" },
  { dir: SHARED_VIDEOS, language: "en", videoId: "fNk_zzaMoSs" },
  { dir: join(SHARED_TRANSLATIONS, "de"), language: "de", videoId: "aircAruvnKk" },
];
const present = existsSync(SHARED_VIDEOS) && existsSync(SHARED_TRANSLATIONS);
if (!present) console.log(`open-questions.corpus.test: skipped, no shared corpus at ${SHARED_VIDEOS}`);
const FILLER = new Set([...englishGrammar.quiz.generic, ...englishOnAllText.titles.genericAlone]);

describe.skipIf(!present)("open questions on the shared corpus", () => {
  test.each(CASES)(
    "$language $videoId: references pass, key ideas are content words, and as a list earn little",
    async ({ dir, language, videoId }) => {
      const sources = await librarySectionSources(dir, videoId);
      const questions = sources.flatMap((source) => buildOpenQuestions({ ...source, language }));
      expect(questions.length).toBeGreaterThanOrEqual(sources.length / 2);
      for (const question of questions) {
        const toGrade = { questionText: question.questionText, reference: question.correctAnswer, keyIdeas: question.keyIdeas! };
        expect(gradeOpenAnswer(question.correctAnswer, toGrade, language).credit).toBeGreaterThanOrEqual(OPEN_PASS_CREDIT);
        expect(gradeOpenAnswer(question.keyIdeas!.join(" "), toGrade, language).credit).toBeLessThanOrEqual(LIST_FACTOR);
        expect(question.correctAnswer).not.toMatch(/\?$/);
        if (language === "en") for (const idea of question.keyIdeas!) expect(FILLER.has(idea.toLowerCase()), `${idea} in ${question.questionText}`).toBe(false);
      }
    },
    120_000,
  );
});

/**
 * Quizzes that stand alone, on every video of the shared corpus and its translations
 * (../shared/fixtures), when present: every section's quiz as the app writes it offline (the
 * engine's choice questions, then the open ones, kept as writeSectionQuiz keeps them) has no
 * question whose text or options give another's answer away (`quizLeaks`). The first half of the
 * videos (ids sorted) is where the rule was tuned; the held-out half is reported on its own.
 * Writing every quiz of 33 videos in nine languages takes minutes, so a run takes every
 * QUIZ_LEAKS_EVERY-th video of each half (default 5, a different fifth in each language);
 * QUIZ_LEAKS_EVERY=1 checks the whole corpus.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { quizLeaks, withOpenQuestions } from "~/server/ai/quiz/stand-alone";
import type { GeneratedQuestion } from "~/server/ai/quiz/types";
import { isAppError } from "~/server/errors";

import { librarySectionSources } from "../../../../test/fixtures/quiz-sources";
import { SHARED_TRANSLATIONS, SHARED_VIDEOS } from "../../../../test/fixtures/video-folder";

import { buildOpenQuestions } from "./open-questions";
import { buildOfflineQuiz } from "./quiz-engine";

const present = existsSync(SHARED_VIDEOS);
const languages = existsSync(SHARED_TRANSLATIONS) ? readdirSync(SHARED_TRANSLATIONS).sort() : [];
const folders: [string, string][] = [["en", SHARED_VIDEOS], ...languages.map((language): [string, string] => [language, join(SHARED_TRANSLATIONS, language)])];
const verbose = process.env.QUIZ_AUDIT_VERBOSE === "1";
const every = Math.max(1, Number.parseInt(process.env.QUIZ_LEAKS_EVERY ?? "5", 10) || 5);

type Tally = { quizzes: number; questions: number; open: number; leaks: number };

async function tallyVideo(folder: string, videoId: string, language: string): Promise<Tally> {
  const tally: Tally = { quizzes: 0, questions: 0, open: 0, leaks: 0 };
  for (const section of await librarySectionSources(folder, videoId)) {
    const source = { ...section, language };
    let questions: GeneratedQuestion[];
    try {
      // As writeSectionQuiz writes it: the open questions first, the engine's beside them.
      const open = buildOpenQuestions(source);
      questions = withOpenQuestions(buildOfflineQuiz({ ...source, alongside: open }).questions, open);
    } catch (error) {
      if (!isAppError(error)) throw error;
      continue;
    }
    const leaks = quizLeaks(questions);
    if (verbose)
      for (const { shown, asked } of leaks)
        console.log(`[leak] ${language}/${videoId}: ${JSON.stringify(questions[shown])} → ${JSON.stringify(questions[asked])}`);
    tally.quizzes += 1;
    tally.questions += questions.length;
    tally.open += questions.filter((q) => q.kind === "open").length;
    tally.leaks += leaks.length;
  }
  return tally;
}

const add = (a: Tally, b: Tally): Tally => ({
  quizzes: a.quizzes + b.quizzes,
  questions: a.questions + b.questions,
  open: a.open + b.open,
  leaks: a.leaks + b.leaks,
});

describe.skipIf(!present)(
  present ? "quizzes that stand alone on the shared corpus" : "quizzes that stand alone — skipped: ../shared/fixtures/videos not found",
  () => {
    it.each(folders.map(([language]) => language))(
      "%s: no question's text or options give another's answer away",
      async (language) => {
        const folder = folders.find(([l]) => l === language)![1];
        const ids = readdirSync(folder)
          .filter((f) => f.endsWith(".json"))
          .map((f) => f.slice(0, -5))
          .sort();
        const half = Math.ceil(ids.length / 2);
        const totals: Tally[] = [];
        const offset = folders.findIndex(([l]) => l === language) % every;
        const sampled = (part: string[]) => part.filter((_, k) => k % every === offset);
        for (const part of [sampled(ids.slice(0, half)), sampled(ids.slice(half))]) {
          let total: Tally = { quizzes: 0, questions: 0, open: 0, leaks: 0 };
          for (const id of part) total = add(total, await tallyVideo(folder, id, language));
          totals.push(total);
        }
        console.log(`quiz leaks, ${language}: development half ${JSON.stringify(totals[0])}, held-out half ${JSON.stringify(totals[1])}`);
        const all = add(totals[0]!, totals[1]!);
        expect(all.quizzes).toBeGreaterThan(0);
        expect(all.leaks).toBe(0);
      },
      300_000,
    );
  },
);

/**
 * What the offline engine's open questions ask, per language.
 *
 *   npm run eval:open-questions -- [--languages en,es,de] [--videos even|odd|all] [--samples 10] [--seed 1]
 *
 * Builds every section of every video of the shared corpus (../shared/fixtures/videos for
 * English, ../shared/fixtures/translations/<code>/ for another language) as the app does, writes
 * its open questions and prints per language: sections, questions, the count and share of each
 * kind (read back from the question's wording), the share of the vague fallback ("explanation"),
 * then a seeded random sample of questions with their reference and key ideas. `--videos` keeps
 * the videos at even or odd positions of the English corpus sorted by id (rules are tuned on the
 * even ones, judged on the odd ones), the same videos in every language. Prints corpus text to the
 * terminal only. Exits 0; 2 without the corpus.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { openQuestionKind } from "~/server/ai/offline/grade-open";
import { buildOpenQuestions } from "~/server/ai/offline/open-questions";
import type { GeneratedQuestion } from "~/server/ai/quiz/types";
import { OPEN_QUESTION_KINDS } from "~/server/language/pack";

import { seededRandom } from "~/lib/seeded-random";

import { librarySectionSources } from "../test/fixtures/quiz-sources";
import { SHARED_TRANSLATIONS, SHARED_VIDEOS } from "../test/fixtures/video-folder";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const languages = option("languages", "en,es,de").split(",");
const videos = option("videos", "all");
const samples = Number(option("samples", "10"));
const seed = Number(option("seed", "1"));
if (!["even", "odd", "all"].includes(videos) || !Number.isInteger(samples) || !Number.isFinite(seed)) {
  console.error("usage: npm run eval:open-questions -- [--languages en,es,de] [--videos even|odd|all] [--samples 10] [--seed 1]");
  process.exit(2);
}
if (!existsSync(SHARED_VIDEOS)) {
  console.error(`no shared corpus at ${SHARED_VIDEOS}`);
  process.exit(2);
}

const videoIds = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.replace(/\.json$/, ""))
    .sort();
const chosen = new Set(videoIds(SHARED_VIDEOS).filter((_, position) => videos === "all" || (position % 2 === 0) === (videos === "even")));
const pct = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)}%`;

for (const language of languages) {
  const folder = language === "en" ? SHARED_VIDEOS : join(SHARED_TRANSLATIONS, language);
  if (!existsSync(folder)) {
    console.log(`${language}: no fixtures at ${folder}`);
    continue;
  }
  let sections = 0;
  const questions: { videoId: string; question: GeneratedQuestion }[] = [];
  for (const videoId of videoIds(folder).filter((id) => chosen.has(id))) {
    const sources = await librarySectionSources(folder, videoId);
    sections += sources.length;
    for (const source of sources) for (const question of buildOpenQuestions({ ...source, language })) questions.push({ videoId, question });
  }
  const kinds = questions.map(({ question }) => openQuestionKind(question.questionText, language));
  const counts = OPEN_QUESTION_KINDS.map(
    (kind) => `${kind} ${kinds.filter((k) => k === kind).length} (${pct(kinds.filter((k) => k === kind).length, kinds.length)})`,
  );
  console.log(
    `\n${language} (${videos} videos): ${sections} sections, ${questions.length} questions (${(questions.length / Math.max(sections, 1)).toFixed(2)} a section)`,
  );
  console.log(`  ${counts.join(", ")}`);
  console.log(`  fallback ("explanation"): ${pct(kinds.filter((k) => k === "explanation").length, kinds.length)}`);
  const random = seededRandom(seed);
  const sample = [...questions]
    .map((entry) => ({ entry, key: random() }))
    .sort((a, b) => a.key - b.key)
    .slice(0, samples);
  for (const [n, { entry }] of sample.entries()) {
    console.log(`\n  ${n + 1}. [${entry.videoId}] ${entry.question.questionText}`);
    console.log(`     reference: ${entry.question.correctAnswer}`);
    console.log(`     key ideas: ${entry.question.keyIdeas?.join(" | ")}`);
  }
}

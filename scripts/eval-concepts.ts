/**
 * Concepts of the offline engine's courses, per language.
 *
 *   npm run eval:concepts -- <English folder> [<translations folder>] [--tolerance 30]
 *
 * Builds every video's course offline with its creator chapters hidden (the engine's own
 * sections, so every language is cut by the same engine), indexes its transcript by the rules of
 * its language and extracts its concepts. Prints per language: concepts per course (min / median /
 * max), the slowest extraction (ms, the index excluded: the engine builds it anyway), distinct
 * keys and keys shared by two courses or more; then, for each translated language, the share of
 * English concept moments with a concept of the language within ±tolerance seconds, and the
 * reverse. Sections differ by language, so moments compare by time. Exits 0.
 */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { extractConcepts, type ConceptSection } from "~/server/ai/offline/concepts";
import { buildOutline, NO_TRANSCRIPT_MESSAGE } from "~/server/ai/offline/engine";
import { rulesFor } from "~/server/ai/offline/language-rules";
import {
  consistencyWithEnglish,
  shareOf,
  summariseLanguage,
  type ConsistencySummary,
  type CourseConcepts,
  type LanguageSummary,
} from "~/server/eval/concept-eval";
import { sectionStartsMs } from "~/server/eval/course-quality";

import { readVideoFolder, structureInputOf, type FolderVideo } from "../test/fixtures/video-folder";

function parseArgs(argv: string[]) {
  const positional = argv.filter((a, i) => !a.startsWith("--") && argv[i - 1] !== "--tolerance");
  const at = argv.indexOf("--tolerance");
  const toleranceS = at >= 0 ? Number(argv[at + 1]) : 30;
  if (positional.length < 1 || positional.length > 2 || !Number.isFinite(toleranceS)) {
    console.error("usage: npm run eval:concepts -- <English folder> [<translations folder>] [--tolerance seconds]");
    process.exit(2);
  }
  return { english: resolve(positional[0]!), translations: positional[1] ? resolve(positional[1]) : null, toleranceS };
}

/** The course the app would build (chapters hidden), its sections, and the concepts of them; null without a transcript. */
async function courseConcepts(video: FolderVideo, language: string): Promise<CourseConcepts | null> {
  let outline;
  try {
    outline = await buildOutline(structureInputOf({ ...video, language }, { creatorChapters: false }));
  } catch (error) {
    if (error instanceof Error && error.message === NO_TRANSCRIPT_MESSAGE) return null;
    throw error;
  }
  const sections: ConceptSection[] = sectionStartsMs(outline, video.segments).map((startMs, id) => ({ id, startMs, endMs: null }));
  const index = rulesFor(language).indexPhrases(video.segments.map((s) => s.text));
  const started = performance.now();
  const concepts = extractConcepts({ segments: video.segments, sections, index, language });
  return { videoId: video.videoId, language, concepts, ms: performance.now() - started };
}

async function languageCourses(folder: string, language: string): Promise<CourseConcepts[]> {
  const courses: CourseConcepts[] = [];
  for (const video of readVideoFolder(folder)) {
    const course = await courseConcepts(video, language);
    if (course) courses.push(course);
  }
  return courses;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function languageRow(s: LanguageSummary): string {
  return [s.language, s.courses, `${s.concepts.min} / ${s.concepts.median} / ${s.concepts.max}`, s.maxMs.toFixed(1), s.distinctKeys, s.sharedKeys].join("\t");
}

function consistencyRow(c: ConsistencySummary): string {
  const side = (a: { matched: number; total: number }) => `${pct(shareOf(a))} (${a.matched}/${a.total})`;
  return [c.language, c.videos, side(c.englishFound), side(c.languageFound)].join("\t");
}

async function main() {
  const { english, translations, toleranceS } = parseArgs(process.argv.slice(2));
  const byLanguage = new Map<string, CourseConcepts[]>([["en", await languageCourses(english, "en")]]);
  const languages = translations
    ? readdirSync(translations)
        .filter((name) => statSync(join(translations, name)).isDirectory())
        .sort()
    : [];
  for (const language of languages) byLanguage.set(language, await languageCourses(join(translations!, language), language));

  console.log(`Offline concepts per language (creator chapters hidden), ${english}${translations ? ` + ${translations}` : ""}`);
  console.log(["language", "courses", "concepts min / median / max", "max ms", "distinct keys", "keys in ≥2 courses"].join("\t"));
  for (const [language, courses] of byLanguage) console.log(languageRow(summariseLanguage(language, courses)));
  if (languages.length === 0) return;
  const englishById = new Map(byLanguage.get("en")!.map((course) => [course.videoId, course]));
  console.log(`\nSame moments across languages (±${toleranceS} s): English moments with a concept of the language near them / the reverse`);
  console.log(["language", "videos", "English found", "language found"].join("\t"));
  for (const language of languages) console.log(consistencyRow(consistencyWithEnglish(language, byLanguage.get(language)!, englishById, toleranceS)));
}

await main();

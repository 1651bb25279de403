/**
 * Title quality of the offline engine.
 *
 *   npx tsx scripts/eval-titles.ts <folder> [--captions] [--save file.json] [--compare file.json] [--sample 20]
 *
 * Builds an outline of every video JSON in <folder> (the format of ../shared/fixtures/videos)
 * with the creator chapters hidden, so every chapter and section title is generated, and counts
 * the titles that break a rule: one word, a function word at an edge, a possessive at the end, a verb at an
 * edge, the same title twice in a chapter (ignoring case and plurals), a proper noun that is not
 * one of its span's frequent terms, only generic words. Counts are given separately for the
 * first half of the videos (by id, where the rules were developed) and the second half (held
 * out), so a rule that merely fits the corpus shows up as a gap between the two.
 *
 * --captions re-cuts every transcript into short lower-case lines without punctuation, as
 * automatic captions are, to check titles do not depend on the creator's punctuation.
 * --save writes the titles keyed by video and start segment; --compare prints them beside
 * another run's saved titles (a before/after sample).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";

import { buildOutline, NO_TRANSCRIPT_MESSAGE } from "~/server/ai/offline/engine";
import { createTagger, type TaggedToken } from "~/server/ai/offline/nlp";
import { isContentWord, stem, words } from "~/server/ai/offline/text";
import type { CourseOutline } from "~/server/ai/structure/types";
import type { TimedSegment } from "~/server/video/types";

type FixtureVideo = {
  videoId: string;
  title: string;
  description?: string;
  durationSeconds: number;
  segments: { text: string; start: number; duration: number }[];
};

/** Closed-class English words: a title should neither start nor end with one. */
const FUNCTION_WORDS = new Set(
  `a an the this that these those my your his her its our their some any each every no all both either neither of in on at by for
  with from to into onto about over under between through during before after above below up down out off than as and or but nor
  so yet if because while although though whether i you he she it we they me him us them who whom whose which what where when why
  how is are was were be been being am do does did have has had can could will would shall should may might must not`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that say nothing about a topic on their own (written for this measure, not taken from the engine). */
const GENERIC = new Set(
  `number numbers value values part parts thing things way ways example examples case cases problem problems question questions
  answer answers idea ideas step steps time times point points kind sort type types stuff bit lot piece pieces place places side
  sides fact facts result results version versions level levels form forms amount amounts term terms word words people person
  reason reasons matter matters end start story success operation operations item items detail details aspect aspects area areas
  situation situations process processes method methods`
    .split(/\s+/)
    .filter(Boolean),
);

type Args = { folder: string; captions: boolean; save?: string; compare?: string; sample: number };

function parseArgs(argv: string[]): Args {
  const args: Args = { folder: "", captions: false, sample: 20 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--captions") args.captions = true;
    else if (a === "--save") args.save = argv[++i];
    else if (a === "--compare") args.compare = argv[++i];
    else if (a === "--sample") args.sample = Number(argv[++i]);
    else if (!a.startsWith("--")) args.folder = a;
  }
  if (!args.folder) {
    console.error("usage: npx tsx scripts/eval-titles.ts <folder of video JSON> [--captions] [--save f] [--compare f] [--sample n]");
    process.exit(2);
  }
  return args;
}

function toSegments(video: FixtureVideo): TimedSegment[] {
  return video.segments.map((s, index) => ({ index, startMs: Math.round(s.start * 1000), endMs: Math.round((s.start + s.duration) * 1000), text: s.text }));
}

/** The transcript as automatic captions: lower case, no punctuation, lines of about eight words. */
export function asAutoCaptions(segments: readonly TimedSegment[]): TimedSegment[] {
  const timed: { word: string; ms: number }[] = [];
  for (const s of segments) {
    const ws = s.text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}'\s-]/gu, " ")
      .split(/\s+/)
      .filter(Boolean);
    ws.forEach((word, k) => timed.push({ word, ms: s.startMs + Math.round(((s.endMs - s.startMs) * k) / Math.max(1, ws.length)) }));
  }
  const out: TimedSegment[] = [];
  for (let i = 0; i < timed.length; i += 8) {
    const line = timed.slice(i, i + 8);
    const next = timed[i + 8];
    out.push({ index: out.length, startMs: line[0]!.ms, endMs: next ? next.ms : line[line.length - 1]!.ms + 500, text: line.map((w) => w.word).join(" ") });
  }
  return out;
}

type TitleRow = { video: string; kind: "chapter" | "section"; start: number; title: string; chapter: number; spanText: string[]; otherText: string[] };

function titleRows(video: string, outline: CourseOutline, segments: readonly TimedSegment[]): TitleRow[] {
  const position = new Map(segments.map((s, i) => [s.index, i]));
  const starts = outline.chapters.flatMap((c) => c.sections.map((s) => position.get(s.startSegment)!));
  const rows: TitleRow[] = [];
  let flat = 0;
  const texts = segments.map((s) => s.text);
  outline.chapters.forEach((chapter, c) => {
    const first = flat;
    const chapterStart = starts[first]!;
    const chapterEnd = starts[first + chapter.sections.length] ?? segments.length;
    rows.push({
      video,
      kind: "chapter",
      start: chapterStart,
      title: chapter.title,
      chapter: c,
      spanText: texts.slice(chapterStart, chapterEnd),
      otherText: [...texts.slice(0, chapterStart), ...texts.slice(chapterEnd)],
    });
    for (const section of chapter.sections) {
      const start = starts[flat]!;
      const end = starts[flat + 1] ?? segments.length;
      rows.push({
        video,
        kind: "section",
        start,
        title: section.title,
        chapter: c,
        spanText: texts.slice(start, end),
        otherText: [...texts.slice(0, start), ...texts.slice(end)],
      });
      flat++;
    }
  });
  return rows;
}

const titleWords = (title: string) => title.split(/\s+/).filter(Boolean);
const bare = (word: string) =>
  word
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/^[^a-z0-9']+|[^a-z0-9']+$/g, "");
const nearKey = (title: string) =>
  words(title)
    .map((w) => stem(w))
    .join(" ");

type Problems = {
  titles: number;
  oneWord: number;
  functionEnd: number;
  functionStart: number;
  possessiveEnd: number;
  verbEdge: number;
  duplicateInChapter: number;
  propnNotFrequent: number;
  genericOnly: number;
};

const emptyProblems = (): Problems => ({
  titles: 0,
  oneWord: 0,
  functionEnd: 0,
  functionStart: 0,
  possessiveEnd: 0,
  verbEdge: 0,
  duplicateInChapter: 0,
  propnNotFrequent: 0,
  genericOnly: 0,
});

/** How each lower-cased word of a span is tagged, as counts per tag. */
function tagCounts(texts: readonly string[], tagger: (t: string) => TaggedToken[]): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>();
  for (const t of texts) {
    for (const token of tagger(t)) {
      const perTag = counts.get(token.normal) ?? new Map<string, number>();
      perTag.set(token.pos, (perTag.get(token.pos) ?? 0) + 1);
      counts.set(token.normal, perTag);
    }
  }
  return counts;
}

function mostlyTagged(counts: Map<string, Map<string, number>>, word: string, tags: readonly string[]): boolean {
  const perTag = counts.get(word);
  if (!perTag) return false;
  let hit = 0;
  let all = 0;
  for (const [t, n] of perTag) {
    all += n;
    if (tags.includes(t)) hit += n;
  }
  return hit * 2 > all;
}

/** The span's frequent terms: stems seen twice or more and among its ten most frequent content stems. */
function frequentStems(texts: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of words(t)) if (isContentWord(w)) counts.set(stem(w), (counts.get(stem(w)) ?? 0) + 1);
  const ranked = [...counts].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1]);
  const floor = ranked[Math.min(9, ranked.length - 1)]?.[1] ?? Infinity;
  return new Set(ranked.filter(([, n]) => n >= floor).map(([s]) => s));
}

function countProblems(rows: readonly TitleRow[], tagger: (t: string) => TaggedToken[], into: Problems): Map<TitleRow, string[]> {
  const flagged = new Map<TitleRow, string[]>();
  const flag = (row: TitleRow, what: keyof Problems) => {
    into[what]++;
    flagged.set(row, [...(flagged.get(row) ?? []), what]);
  };
  const byChapter = new Map<string, TitleRow[]>();
  for (const row of rows) {
    into.titles++;
    const ws = titleWords(row.title);
    const first = bare(ws[0] ?? "");
    const last = bare(ws[ws.length - 1] ?? "");
    if (ws.length === 1) flag(row, "oneWord");
    if (FUNCTION_WORDS.has(last)) flag(row, "functionEnd");
    if (FUNCTION_WORDS.has(first)) flag(row, "functionStart");
    if (/'s?$/.test(last)) flag(row, "possessiveEnd");
    const tags = tagCounts(row.spanText, tagger);
    if ([first, last].some((w) => mostlyTagged(tags, w, ["VERB", "AUX"]))) flag(row, "verbEdge");
    const frequent = frequentStems(row.spanText);
    const names = ws.map(bare).filter((w) => mostlyTagged(tags, w.replace(/'s$/, ""), ["PROPN"]));
    if (names.some((w) => !frequent.has(stem(w.replace(/'s$/, ""))))) flag(row, "propnNotFrequent");
    const content = words(row.title).filter((w) => !FUNCTION_WORDS.has(w));
    if (content.length > 0 && content.every((w) => GENERIC.has(w.replace(/'s$/, "")))) flag(row, "genericOnly");
    const key = `${row.video}#${row.chapter}`;
    byChapter.set(key, [...(byChapter.get(key) ?? []), row]);
  }
  for (const group of byChapter.values()) {
    const seen = new Set<string>();
    for (const row of group) {
      const key = nearKey(row.title);
      if (seen.has(key)) flag(row, "duplicateInChapter");
      seen.add(key);
    }
  }
  return flagged;
}

/** Replaces an outline's titles (same spans): how a baseline title method is compared on today's segmentation. */
export type Retitle = (outline: CourseOutline, segments: readonly TimedSegment[], videoTitle: string) => CourseOutline;

export async function evaluateTitles(folder: string, options: { captions?: boolean; retitle?: Retitle } = {}) {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .sort();
  const half = Math.ceil(files.length / 2);
  const tagger = createTagger();
  const halves = { develop: emptyProblems(), heldOut: emptyProblems() };
  const rows: (TitleRow & { develop: boolean; problems: string[] })[] = [];
  for (const [k, file] of files.entries()) {
    const video = JSON.parse(readFileSync(join(folder, file), "utf8")) as FixtureVideo;
    const id = video.videoId || basename(file, ".json");
    const segments = options.captions ? asAutoCaptions(toSegments(video)) : toSegments(video);
    let outline: CourseOutline;
    try {
      outline = await buildOutline({
        topic: "",
        complexity: "intermediate",
        additionalInstructions: null,
        video: { title: video.title, description: "", durationSeconds: video.durationSeconds },
        segments,
        creatorChapters: [],
      });
    } catch (error) {
      if (error instanceof Error && error.message === NO_TRANSCRIPT_MESSAGE) continue;
      throw error;
    }
    if (options.retitle) outline = options.retitle(outline, segments, video.title);
    const develop = k < half;
    const videoRows = titleRows(id, outline, segments);
    const flagged = countProblems(videoRows, tagger, develop ? halves.develop : halves.heldOut);
    for (const row of videoRows) rows.push({ ...row, develop, problems: flagged.get(row) ?? [] });
  }
  return { halves, rows };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const folder = resolve(args.folder);
  const { halves, rows } = await evaluateTitles(folder, { captions: args.captions });
  const columns = Object.keys(emptyProblems()) as (keyof Problems)[];
  console.log(`Titles of the offline engine, creator chapters hidden${args.captions ? ", as automatic captions" : ""}: ${folder}`);
  console.log(["split", ...columns].join("\t"));
  console.log(["develop (first half)", ...columns.map((c) => halves.develop[c])].join("\t"));
  console.log(["held out (second half)", ...columns.map((c) => halves.heldOut[c])].join("\t"));

  // Only the development half's titles are listed: the held-out half is for counting.
  console.log("\nFlagged titles (development half):");
  for (const row of rows)
    if (row.develop && row.problems.length) console.log(`  ${row.video} ${row.kind} @${row.start}: "${row.title}" — ${row.problems.join(", ")}`);

  const saved = Object.fromEntries(rows.map((r) => [`${r.video} ${r.kind} ${r.start}`, r.title]));
  if (args.save) writeFileSync(args.save, JSON.stringify(saved, null, 1));
  const step = Math.max(1, Math.floor(rows.length / args.sample));
  const sample = rows.filter((_, i) => i % step === 0).slice(0, args.sample);
  const before = args.compare ? (JSON.parse(readFileSync(args.compare, "utf8")) as Record<string, string>) : null;
  console.log(`\nSample of ${sample.length} titles${before ? " (before → after)" : ""}:`);
  for (const r of sample) {
    const key = `${r.video} ${r.kind} ${r.start}`;
    console.log(`  ${key}: ${before ? `${before[key] ?? "(no such span before)"} → ` : ""}${r.title}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();

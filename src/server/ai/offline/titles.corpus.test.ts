/**
 * The title rules on every video of the shared 3Blue1Brown corpus (../shared/fixtures/videos),
 * when it is present, with the creator chapters hidden so every title is generated: no one-word
 * title, none ending in a function word or a possessive, no title twice in a chapter (ignoring
 * case and plurals); the same again with the transcripts cut into lower-case caption lines
 * without punctuation, as automatic captions are.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { describe, expect, it } from "vitest";

import type { CourseOutline } from "~/server/ai/structure/types";
import type { TimedSegment } from "~/server/video/types";

import { buildOutline } from "./engine";
import { normalise } from "./titles";

const CORPUS = resolve(process.cwd(), "../shared/fixtures/videos");
const present = existsSync(CORPUS);

type Video = { videoId: string; title: string; durationSeconds: number; segments: { text: string; start: number; duration: number }[] };

const videos: Video[] = present
  ? readdirSync(CORPUS)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(CORPUS, f), "utf8")) as Video)
      .filter((v) => v.segments.length > 0)
  : [];

const FUNCTION_WORDS = new Set(
  `a an the this that these those my your his her its our their some any each every no of in on at by for with from to into about
  over under between through as and or but nor so if is are was were be been do does did have has had can could will would should
  may might must not it they we you he she i`.split(/\s+/),
);

function segmentsOf(v: Video): TimedSegment[] {
  return v.segments.map((s, index) => ({ index, startMs: Math.round(s.start * 1000), endMs: Math.round((s.start + s.duration) * 1000), text: s.text }));
}

/** Lower case, no punctuation, eight words a line, as automatic captions are. */
function asCaptions(segments: readonly TimedSegment[]): TimedSegment[] {
  const words = segments.flatMap((s) =>
    s.text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}'\s-]/gu, " ")
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ word, ms: s.startMs })),
  );
  const lines: TimedSegment[] = [];
  for (let i = 0; i < words.length; i += 8) {
    const line = words.slice(i, i + 8);
    lines.push({ index: lines.length, startMs: line[0]!.ms, endMs: line[line.length - 1]!.ms + 1_000, text: line.map((w) => w.word).join(" ") });
  }
  return lines;
}

/** Every broken rule of an outline's titles, as readable lines. */
function titleProblems(outline: CourseOutline): string[] {
  const problems: string[] = [];
  for (const chapter of outline.chapters) {
    const seen = new Set<string>();
    for (const title of [chapter.title, ...chapter.sections.map((s) => s.title)]) {
      const words = title.split(/\s+/);
      const last = words[words.length - 1]!.toLowerCase();
      if (words.length < 2) problems.push(`one word: "${title}"`);
      if (FUNCTION_WORDS.has(last)) problems.push(`ends in a function word: "${title}"`);
      if (/['’]s?$/.test(last)) problems.push(`ends in a possessive: "${title}"`);
      const key = normalise(title);
      if (seen.has(key)) problems.push(`twice in a chapter: "${title}"`);
      seen.add(key);
    }
  }
  return problems;
}

async function outlineOf(video: Video, segments: TimedSegment[]): Promise<CourseOutline> {
  return buildOutline({
    topic: "",
    complexity: "intermediate",
    additionalInstructions: null,
    video: { title: video.title, description: "", durationSeconds: video.durationSeconds },
    segments,
    creatorChapters: [],
  });
}

describe.skipIf(!present)(present ? "titles on the shared corpus" : "titles on the shared corpus — skipped: ../shared/fixtures/videos not found", () => {
  it("gives no one-word title, no function word or possessive at the end, no title twice in a chapter", async () => {
    const problems: string[] = [];
    for (const video of videos) for (const p of titleProblems(await outlineOf(video, segmentsOf(video)))) problems.push(`${video.videoId}: ${p}`);
    expect(problems).toEqual([]);
  }, 60_000);

  it("keeps those rules on transcripts cut into automatic-caption lines", async () => {
    const problems: string[] = [];
    for (const video of videos) for (const p of titleProblems(await outlineOf(video, asCaptions(segmentsOf(video))))) problems.push(`${video.videoId}: ${p}`);
    expect(problems).toEqual([]);
  }, 60_000);
});

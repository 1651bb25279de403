/**
 * Chapter-boundary evaluation of the offline engine.
 *
 *   npm run eval:chapters -- <folder> [--tolerance 30] [--loo]
 *
 * Runs the offline engine over every video JSON in <folder> (the format of
 * ../shared/fixtures/videos: {videoId, title, description, durationSeconds, chapters: [{start,
 * title}], segments: [{text, start, duration}]}, seconds) with the creator chapters HIDDEN — both
 * the `chapters` field and the timestamp lines of the description, where YouTube chapters come
 * from — and scores the predicted chapter starts against the creator's at ±tolerance seconds
 * (one-to-one matching), per video and overall.
 *
 * The headline figures exclude the 0:00 boundary (every outline and every chapter list starts
 * there, so it is trivially right); the "incl. 0:00" columns count it, with the first predicted
 * chapter at 0:00. Videos without creator chapters have no reference and are listed but not
 * scored; videos without a transcript are reported as skipped.
 *
 * --loo: also reports a leave-one-video-out estimate for the tuned weights: for each video, the
 * pause/cue/depth weights are re-picked from a small grid on the other videos only, then that
 * video is scored with them. It tells whether the tuning generalises or just fits the corpus.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { buildOutline, NO_TRANSCRIPT_MESSAGE, toUnits } from "~/server/ai/offline/engine";
import { addCounts, matchBoundaries, scoreCounts, type BoundaryCounts } from "~/server/ai/offline/evaluate";
import { CHAPTER_PARAMS, segment, type SegmenterParams } from "~/server/ai/offline/segment";
import type { StructureInput } from "~/server/ai/structure/types";
import type { TimedSegment } from "~/server/video/types";

type FixtureVideo = {
  videoId: string;
  title: string;
  description?: string;
  durationSeconds: number;
  chapters?: { start: number; title: string }[];
  segments: { text: string; start: number; duration: number }[];
};

const ZERO: BoundaryCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };

function parseArgs(argv: string[]) {
  const args = { folder: "", toleranceS: 30, loo: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--tolerance") args.toleranceS = Number(argv[++i]);
    else if (a === "--loo") args.loo = true;
    else if (!a.startsWith("--")) args.folder = a;
  }
  if (!args.folder || !Number.isFinite(args.toleranceS)) {
    console.error("usage: npm run eval:chapters -- <folder of video JSON> [--tolerance seconds] [--loo]");
    process.exit(2);
  }
  return args;
}

function toSegments(video: FixtureVideo): TimedSegment[] {
  return video.segments.map((s, index) => ({ index, startMs: Math.round(s.start * 1000), endMs: Math.round((s.start + s.duration) * 1000), text: s.text }));
}

/** The description without its timestamp lines ("5:38 - An infinite fraction puzzle"). */
function hideChapterList(description: string): string {
  return description
    .split(/\r?\n/)
    .filter((line) => !/\b\d{1,2}:\d{2}(?::\d{2})?\b/.test(line))
    .join("\n");
}

const pct = (x: number) => x.toFixed(3);
const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const folder = resolve(args.folder);
  const toleranceMs = args.toleranceS * 1000;
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .sort();

  let excl = ZERO;
  let incl = ZERO;
  let macroExcl = 0;
  let macroIncl = 0;
  let scored = 0;
  const timings: number[] = [];
  const loo: { segments: TimedSegment[]; reference: number[] }[] = [];

  console.log(`Offline engine vs creator chapters, ±${args.toleranceS} s, ${folder}`);
  console.log(["video", "min", "ref", "pred", "TP", "P", "R", "F1", "F1 incl 0:00", "ms", "predicted starts | creator starts"].join("\t"));
  for (const file of files) {
    const video = JSON.parse(readFileSync(join(folder, file), "utf8")) as FixtureVideo;
    const id = video.videoId || basename(file, ".json");
    const segments = toSegments(video);
    const input: StructureInput = {
      topic: "",
      complexity: "intermediate",
      additionalInstructions: null,
      video: { title: video.title, description: hideChapterList(video.description ?? ""), durationSeconds: video.durationSeconds },
      segments,
      creatorChapters: [], // hidden: the engine must find the chapters itself
    };
    let predicted: number[];
    const started = performance.now();
    try {
      const outline = await buildOutline(input);
      timings.push(performance.now() - started);
      predicted = outline.chapters.map((c) => segments[c.sections[0]!.startSegment]!.startMs);
    } catch (error) {
      if (error instanceof Error && error.message === NO_TRANSCRIPT_MESSAGE) {
        console.log(`${id}\tskipped: no transcript`);
        continue;
      }
      throw error;
    }
    const minutes = (video.durationSeconds / 60).toFixed(1);
    const reference = (video.chapters ?? []).map((c) => Math.round(c.start * 1000)).sort((a, b) => a - b);
    const predictedInner = predicted.slice(1);
    const ms = timings[timings.length - 1]!.toFixed(0);
    if (reference.length === 0) {
      console.log([id, minutes, "-", predicted.length, "-", "-", "-", "-", "-", ms, `${predicted.map(clock).join(" ")} | (no creator chapters)`].join("\t"));
      continue;
    }
    const referenceInner = reference.filter((t) => t > 0);
    const countsExcl = matchBoundaries(predictedInner, referenceInner, toleranceMs);
    const countsIncl = matchBoundaries([0, ...predictedInner], reference.some((t) => t <= 0) ? reference : [0, ...reference], toleranceMs);
    const s = scoreCounts(countsExcl);
    const si = scoreCounts(countsIncl);
    excl = addCounts(excl, countsExcl);
    incl = addCounts(incl, countsIncl);
    macroExcl += s.f1;
    macroIncl += si.f1;
    scored++;
    loo.push({ segments, reference: referenceInner });
    console.log(
      [
        id,
        minutes,
        reference.length,
        predicted.length,
        s.truePositives,
        pct(s.precision),
        pct(s.recall),
        pct(s.f1),
        pct(si.f1),
        ms,
        `${predicted.map(clock).join(" ")} | ${reference.map(clock).join(" ")}`,
      ].join("\t"),
    );
  }

  const e = scoreCounts(excl);
  const i = scoreCounts(incl);
  const sorted = [...timings].sort((a, b) => a - b);
  console.log("");
  console.log(`Videos scored (with creator chapters): ${scored}`);
  console.log(
    `Overall, excluding the 0:00 boundary (headline): precision ${pct(e.precision)}  recall ${pct(e.recall)}  F1 ${pct(e.f1)}  (TP ${e.truePositives}, FP ${e.falsePositives}, FN ${e.falseNegatives}; macro F1 ${pct(scored ? macroExcl / scored : 0)})`,
  );
  console.log(
    `Overall, including the 0:00 boundary:          precision ${pct(i.precision)}  recall ${pct(i.recall)}  F1 ${pct(i.f1)}  (macro F1 ${pct(scored ? macroIncl / scored : 0)})`,
  );
  if (sorted.length)
    console.log(
      `Engine time per video (full outline): median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`,
    );

  if (args.loo && loo.length > 1) leaveOneOut(loo, toleranceMs);
}

/** Leave-one-video-out estimate of the chapter F1 (excluding 0:00) over a small weight grid. */
function leaveOneOut(videos: { segments: TimedSegment[]; reference: number[] }[], toleranceMs: number) {
  const grid: SegmenterParams[] = [];
  for (const pauseWeight of [20, 30, 45, 60])
    for (const cueWeight of [10, 15, 20, 30]) for (const depthWeight of [0, 3, 6, 9]) grid.push({ ...CHAPTER_PARAMS, pauseWeight, cueWeight, depthWeight });
  const units = videos.map((v) => toUnits(v.segments));
  const counts = grid.map((params) =>
    videos.map((v, k) =>
      matchBoundaries(
        segment(units[k]!, params)
          .slice(1)
          .map((p) => units[k]![p]!.startMs),
        v.reference,
        toleranceMs,
      ),
    ),
  );
  let held = ZERO;
  let tunedHere = 0;
  for (let h = 0; h < videos.length; h++) {
    let best = -1;
    let bestIndex = 0;
    counts.forEach((rows, c) => {
      const f1 = scoreCounts(rows.filter((_, k) => k !== h).reduce(addCounts, ZERO)).f1;
      if (f1 > best) {
        best = f1;
        bestIndex = c;
      }
    });
    const chosen = grid[bestIndex]!;
    if (chosen.pauseWeight === CHAPTER_PARAMS.pauseWeight && chosen.cueWeight === CHAPTER_PARAMS.cueWeight && chosen.depthWeight === CHAPTER_PARAMS.depthWeight)
      tunedHere++;
    held = addCounts(held, counts[bestIndex]![h]!);
  }
  const inSample = Math.max(...counts.map((rows) => scoreCounts(rows.reduce(addCounts, ZERO)).f1));
  const s = scoreCounts(held);
  console.log("");
  console.log(
    `Leave-one-video-out over ${grid.length} weight settings (pause × cue × depth): held-out F1 ${pct(s.f1)} (P ${pct(s.precision)}, R ${pct(s.recall)}); best in-sample F1 ${pct(inSample)}; the shipped weights were re-picked in ${tunedHere}/${videos.length} folds.`,
  );
}

await main();

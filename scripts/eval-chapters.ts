/**
 * Chapter-boundary evaluation of the offline engine.
 *
 *   npm run eval:chapters -- <folder> [--tolerance 30] [--quick]
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
 * Then the held-out protocols of chapter-protocols.ts, which are the figures to judge a change by:
 * leave-one-video-out and a length split (fit on the shorter half, score the longer half) over
 * the method's parameter grid, and the shipped parameters on the same videos re-cut as automatic
 * captions (short lower-case lines without punctuation). A change that raises the in-sample F1
 * but lowers a held-out figure is a regression. They re-fit a parameter grid per fold and take
 * minutes; `--quick` stops after the shipped parameters' headline.
 */
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { chapterVideoOf, evaluateChapterProtocols, parameterGrid, type ChapterVideo } from "~/server/eval/chapter-protocols";
import { buildOutline, NO_TRANSCRIPT_MESSAGE } from "~/server/ai/offline/engine";
import { simulateAutoCaptions } from "~/server/ai/offline/auto-captions";
import { CHAPTER_PARAMS, type SegmenterParams } from "~/server/ai/offline/segment";
import { addCounts, matchBoundaries, scoreCounts, type BoundaryCounts, type BoundaryScores } from "~/server/eval/evaluate";

import { readVideoFolder, structureInputOf } from "../test/fixtures/video-folder";

const ZERO: BoundaryCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };

function parseArgs(argv: string[]) {
  const args = { folder: "", toleranceS: 30, quick: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--tolerance") args.toleranceS = Number(argv[++i]);
    else if (a === "--quick") args.quick = true;
    else if (!a.startsWith("--")) args.folder = a;
  }
  if (!args.folder || !Number.isFinite(args.toleranceS)) {
    console.error("usage: npm run eval:chapters -- <folder of video JSON> [--tolerance seconds] [--quick]");
    process.exit(2);
  }
  return args;
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

  let excl = ZERO;
  let incl = ZERO;
  let macroExcl = 0;
  let macroIncl = 0;
  let scored = 0;
  const timings: number[] = [];
  const protocolVideos: ChapterVideo[] = [];

  console.log(`Offline engine vs creator chapters, ±${args.toleranceS} s, ${folder}`);
  console.log(["video", "min", "ref", "pred", "TP", "P", "R", "F1", "F1 incl 0:00", "ms", "predicted starts | creator starts"].join("\t"));
  for (const video of readVideoFolder(folder)) {
    const id = video.videoId;
    const segments = video.segments;
    // The creator's chapters hidden: the engine must find them itself.
    const input = structureInputOf(video, { creatorChapters: false });
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
    const reference = video.chapters.map((c) => Math.round(c.start * 1000)).sort((a, b) => a - b);
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
    protocolVideos.push(chapterVideoOf(video));
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

  if (args.quick) console.log("\n(--quick: the held-out protocols were not run; judge a change by them)");
  else if (protocolVideos.length > 1) printProtocols(protocolVideos, toleranceMs);
}

/** The held-out protocols (chapter-protocols.ts), one line each. */
function printProtocols(videos: ChapterVideo[], toleranceMs: number) {
  const started = performance.now();
  const report = evaluateChapterProtocols(videos, { toleranceMs });
  const line = (label: string, s: BoundaryScores) =>
    console.log(
      `${label.padEnd(44)} P ${pct(s.precision)}  R ${pct(s.recall)}  F1 ${pct(s.f1)}  (TP ${s.truePositives}, FP ${s.falsePositives}, FN ${s.falseNegatives})`,
    );
  console.log("");
  console.log(`Protocols (±${toleranceMs / 1000} s, 0:00 excluded, micro-averaged over ${videos.length} videos):`);
  line("in-sample, shipped parameters", report.inSample);
  line("leave-one-video-out, grid re-picked per fold", report.leaveOneOut);
  line("length split: fit shorter half, score longer", report.lengthSplit);
  if (report.autoCaptions) line("simulated auto-captions, shipped parameters", report.autoCaptions);

  // The chapter count's own parameters refitted too: the rate alone, and the rate with the valleys (shipped).
  const weights = { pauseWeight: [20, 30, 45, 60], cueWeight: [10, 15, 20, 30], depthWeight: [0, 3, 6, 9] };
  const msPerSpan = [150_000, 200_000, 250_000];
  const valleys = [120_000, 180_000].map((windowMs) => ({ depth: 1, windowMs }));
  const rateAlone: SegmenterParams = { ...CHAPTER_PARAMS, valleys: undefined };
  const counted = [
    ["rate alone", rateAlone, parameterGrid(rateAlone, { msPerSpan, ...weights })],
    ["rate and valleys", CHAPTER_PARAMS, parameterGrid(CHAPTER_PARAMS, { msPerSpan, valleys, ...weights })],
  ] as const;
  console.log("");
  console.log("With the chapter count's parameters in the grid too (shipped: the rate and the valleys):");
  for (const [name, shipped, grid] of counted) {
    const r = evaluateChapterProtocols(videos, { toleranceMs, grid, shipped });
    line(`${name}: in-sample`, r.inSample);
    line(`${name}: leave-one-video-out`, r.leaveOneOut);
    line(`${name}: length split`, r.lengthSplit);
    if (r.autoCaptions) line(`${name}: simulated auto-captions`, r.autoCaptions);
    const captions = evaluateChapterProtocols(
      videos.map((v) => ({ ...v, segments: simulateAutoCaptions(v.segments) })),
      { toleranceMs, grid, shipped, autoCaptions: false },
    );
    line(`${name}: captions, leave-one-out`, captions.leaveOneOut);
    line(`${name}: captions, length split`, captions.lengthSplit);
  }
  console.log(`(protocols took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

await main();

/**
 * Speed of the offline structuring engine: p95 ≤ 300 ms on a 30-minute transcript, ≤ 1.5 s on a
 * 3-hour one.
 *
 *   npm run bench:offline [-- --runs 20] [-- --folder ../shared/fixtures/videos]
 *
 * Times the whole engine (chapters, sections, titles, content) on:
 * - the real transcript closest to 30 minutes in the shared corpus, when it is present;
 * - a synthetic 30-minute lecture of ~500 sentences (our own generator), always;
 * - 3 hours: the corpus's transcripts end to end, when present, and a synthetic 3-hour lecture,
 *   always (a quarter of the runs, at least 5: each takes seconds of machine time).
 * Prints p50/p95/max in ms after warm-up runs beside the budget, and exits 1 when a p95 is over it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { createOfflineEngine } from "~/server/ai/offline/engine";
import type { StructureInput } from "~/server/ai/structure/types";
import type { TimedSegment } from "~/server/video/types";

import { syntheticTranscript } from "../test/fixtures/transcripts/synthetic";
import { recordFigure } from "./lib/figures";
import { arg } from "./lib/args";

const BUDGET_30_MIN_MS = 300;
const BUDGET_3_H_MS = 1_500;
const WARMUP = 3;

const runs = Number(arg("--runs") ?? 20);
const folder = resolve(arg("--folder") ?? join(import.meta.dirname, "../../shared/fixtures/videos"));

type Case = { label: string; input: StructureInput; budgetMs: number; runs: number };
const longRuns = Math.max(5, Math.ceil(runs / 4));

const baseInput = (title: string, durationSeconds: number, segments: TimedSegment[]): StructureInput => ({
  topic: "mathematics",
  complexity: "intermediate",
  additionalInstructions: null,
  video: { title, description: "", durationSeconds },
  segments,
  creatorChapters: [],
});

const toSegments = (raw: { text: string; start: number; duration: number }[], offsetMs = 0, firstIndex = 0): TimedSegment[] =>
  raw.map((s, k) => ({
    index: firstIndex + k,
    startMs: offsetMs + Math.round(s.start * 1000),
    endMs: offsetMs + Math.round((s.start + s.duration) * 1000),
    text: s.text,
  }));

const cases: Case[] = [];
let realThreeHours: Case | undefined;
if (existsSync(folder)) {
  type Fixture = { videoId: string; title: string; durationSeconds: number; segments: { text: string; start: number; duration: number }[] };
  const videos = readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(folder, f), "utf8")) as Fixture)
    .filter((v) => v.segments.length > 0);
  const closest = videos.sort((a, b) => Math.abs(a.durationSeconds - 1800) - Math.abs(b.durationSeconds - 1800) || a.videoId.localeCompare(b.videoId))[0];
  if (closest) {
    const segments = toSegments(closest.segments);
    cases.push({
      label: `real ${closest.videoId} (${(closest.durationSeconds / 60).toFixed(1)} min, ${segments.length} sentences)`,
      input: baseInput(closest.title, closest.durationSeconds, segments),
      budgetMs: BUDGET_30_MIN_MS,
      runs,
    });
  }
  // Real transcripts end to end (in a fixed order, repeated if need be) until 3 hours.
  const ordered = [...videos].sort((a, b) => a.videoId.localeCompare(b.videoId));
  const long: TimedSegment[] = [];
  let offsetMs = 0;
  for (let k = 0; ordered.length > 0 && offsetMs < 3 * 3_600_000; k++) {
    const video = ordered[k % ordered.length]!;
    long.push(...toSegments(video.segments, offsetMs, long.length));
    offsetMs += video.durationSeconds * 1000;
  }
  if (long.length)
    realThreeHours = {
      label: `real transcripts end to end (${(offsetMs / 3_600_000).toFixed(1)} h, ${long.length} sentences)`,
      input: baseInput("Concatenated lectures", Math.round(offsetMs / 1000), long),
      budgetMs: BUDGET_3_H_MS,
      runs: longRuns,
    };
} else {
  console.log(`(no corpus at ${folder}: synthetic transcript only)`);
}
const synthetic = syntheticTranscript(30);
cases.push({
  label: `synthetic (30 min, ${synthetic.segments.length} sentences)`,
  input: baseInput("Synthetic lecture", synthetic.durationSeconds, synthetic.segments),
  budgetMs: BUDGET_30_MIN_MS,
  runs,
});
if (realThreeHours) cases.push(realThreeHours);
const syntheticLong = syntheticTranscript(180);
cases.push({
  label: `synthetic (3 h, ${syntheticLong.segments.length} sentences)`,
  input: baseInput("Synthetic long lecture", syntheticLong.durationSeconds, syntheticLong.segments),
  budgetMs: BUDGET_3_H_MS,
  runs: longRuns,
});

const engine = createOfflineEngine();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
let over = false;
console.log(
  `Offline engine, ${runs} runs (3-hour cases: ${longRuns}) after ${WARMUP} warm-up runs; p95 budgets ${BUDGET_30_MIN_MS} ms (30 min), ${BUDGET_3_H_MS} ms (3 h)`,
);
for (const c of cases) {
  for (let i = 0; i < WARMUP; i++) await engine.structure(c.input);
  const times: number[] = [];
  let chapters = 0;
  let sections = 0;
  for (let i = 0; i < c.runs; i++) {
    const started = performance.now();
    const outline = await engine.structure(c.input);
    times.push(performance.now() - started);
    chapters = outline.chapters.length;
    sections = outline.chapters.reduce((sum, ch) => sum + ch.sections.length, 0);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const ok = p95 <= c.budgetMs;
  if (!ok) over = true;
  recordFigure({
    bench: "offline-engine",
    name: `${c.label}: p95`,
    value: Number(p95.toFixed(1)),
    unit: "ms",
    target: `≤ ${c.budgetMs} ms`,
    ok,
  });
  console.log(
    `${c.label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget ${c.budgetMs} ms), max ${times[times.length - 1]!.toFixed(1)} ms → ${chapters} chapters, ${sections} sections${ok ? "" : "  OVER BUDGET"}`,
  );
}
process.exit(over ? 1 : 0);

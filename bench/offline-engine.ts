/**
 * Speed of the offline structuring engine on a 30-minute transcript (budget: 300 ms).
 *
 *   npm run bench:offline [-- --runs 20] [-- --folder ../shared/fixtures/videos]
 *
 * Times the whole engine (chapters, sections, titles, content) on:
 * - the real transcript closest to 30 minutes in the shared corpus, when it is present;
 * - a synthetic 30-minute lecture of ~500 sentences (our own generator), always.
 * Prints p50/p95/max in ms after warm-up runs, and exits 1 when a p95 is over the budget.
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

const BUDGET_MS = 300;
const WARMUP = 3;

const runs = Number(arg("--runs") ?? 20);
const folder = resolve(arg("--folder") ?? join(import.meta.dirname, "../../shared/fixtures/videos"));

type Case = { label: string; input: StructureInput };

const baseInput = (title: string, durationSeconds: number, segments: TimedSegment[]): StructureInput => ({
  topic: "mathematics",
  complexity: "intermediate",
  additionalInstructions: null,
  video: { title, description: "", durationSeconds },
  segments,
  creatorChapters: [],
});

const cases: Case[] = [];
if (existsSync(folder)) {
  type Fixture = { videoId: string; title: string; durationSeconds: number; segments: { text: string; start: number; duration: number }[] };
  const videos = readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(folder, f), "utf8")) as Fixture)
    .filter((v) => v.segments.length > 0);
  const closest = videos.sort((a, b) => Math.abs(a.durationSeconds - 1800) - Math.abs(b.durationSeconds - 1800) || a.videoId.localeCompare(b.videoId))[0];
  if (closest) {
    const segments = closest.segments.map((s, index) => ({
      index,
      startMs: Math.round(s.start * 1000),
      endMs: Math.round((s.start + s.duration) * 1000),
      text: s.text,
    }));
    cases.push({
      label: `real ${closest.videoId} (${(closest.durationSeconds / 60).toFixed(1)} min, ${segments.length} sentences)`,
      input: baseInput(closest.title, closest.durationSeconds, segments),
    });
  }
} else {
  console.log(`(no corpus at ${folder}: synthetic transcript only)`);
}
const synthetic = syntheticTranscript(30);
cases.push({
  label: `synthetic (30 min, ${synthetic.segments.length} sentences)`,
  input: baseInput("Synthetic lecture", synthetic.durationSeconds, synthetic.segments),
});

const engine = createOfflineEngine();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
let over = false;
console.log(`Offline engine, ${runs} runs after ${WARMUP} warm-up runs, budget ${BUDGET_MS} ms (p95)`);
for (const c of cases) {
  for (let i = 0; i < WARMUP; i++) await engine.structure(c.input);
  const times: number[] = [];
  let chapters = 0;
  let sections = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const outline = await engine.structure(c.input);
    times.push(performance.now() - started);
    chapters = outline.chapters.length;
    sections = outline.chapters.reduce((sum, ch) => sum + ch.sections.length, 0);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  if (p95 > BUDGET_MS) over = true;
  recordFigure({
    bench: "offline-engine",
    name: `${c.label}: p95`,
    value: Number(p95.toFixed(1)),
    unit: "ms",
    target: `≤ ${BUDGET_MS} ms`,
    ok: p95 <= BUDGET_MS,
  });
  console.log(
    `${c.label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms → ${chapters} chapters, ${sections} sections${p95 > BUDGET_MS ? "  OVER BUDGET" : ""}`,
  );
}
process.exit(over ? 1 : 0);

import { appendFileSync } from "node:fs";

/** One measured figure, as the benchmark report (bench/report.ts) lists it beside its target. */
export type Figure = {
  /** The benchmark script, e.g. "page-weight". */
  bench: string;
  /** What was measured, e.g. "/ gzip JavaScript". */
  name: string;
  value: number;
  unit: string;
  /** The target in words ("≤ 210 kB"), if it has one. */
  target?: string;
  /** Whether the target was met; absent for figures without a target. */
  ok?: boolean;
};

/**
 * Records a figure for the report: appended as a JSON line to the file in BENCH_RESULTS when the
 * report runner started this script; a no-op when the script runs on its own.
 */
export function recordFigure(figure: Figure): void {
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

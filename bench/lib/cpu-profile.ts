/**
 * Where a process spent its CPU: a V8 .cpuprofile (node --cpu-prof) read as self time per
 * function and per place (a package of node_modules, a file of the app, node's own internals,
 * the garbage collector), so that a benchmark can print its top costs beside its figures.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number };
type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[]; startTime: number; endTime: number };

type Cost = { name: string; ms: number; share: number };
export type ProfileSummary = { totalMs: number; idleShare: number; byPlace: Cost[]; byFunction: Cost[] };

/** The package, app file or runtime part a frame belongs to. */
function placeOf(url: string, functionName: string): string {
  if (functionName === "(garbage collector)") return "garbage collector";
  if (functionName === "(idle)" || functionName === "(program)") return functionName;
  if (!url) return "(native)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    const name = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
    // Next's compiled server bundles hold the app's own code: name the chunk's area instead.
    return name === "next" && url.includes("/dist/compiled/") ? `next (${rest[3] ?? "compiled"})` : name;
  }
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  const chunk = /\.next\/server\/(.+)$/.exec(url);
  if (chunk) return `app bundle (${chunk[1]!.replace(/\.js$/, "")})`;
  return url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
}

const sourceMaps = new Map<string, SourceMap | null>();

/**
 * A frame of Next's minified server bundle as the app's own source file and line, read from the
 * bundle's source map (`src/server/api/rest-adapter.ts:84`); other frames as they are.
 */
function originalFrame(frame: CallFrame): CallFrame {
  if (!frame.url.includes("/.next/server/")) return frame;
  const file = frame.url.startsWith("file://") ? fileURLToPath(frame.url) : frame.url;
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8")) as ConstructorParameters<typeof SourceMap>[0]) : null);
  }
  const entry = sourceMaps.get(file)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry || !("originalSource" in entry)) return frame;
  const source = decodeURIComponent(entry.originalSource).replace(/^(?:turbopack:\/\/\/|(?:\.\.\/)+)(?:\[project\]\/)?/, "");
  const name = (entry as { name?: string }).name;
  return { functionName: name ?? frame.functionName, url: source, lineNumber: entry.originalLine, columnNumber: entry.originalColumn };
}

/** Self time per place and function of one profile. */
export function summarizeProfile(profile: Profile, top = 12): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) selfMs.set(samples[i]!, (selfMs.get(samples[i]!) ?? 0) + (deltas[i] ?? 0) / 1000);
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = originalFrame(byId.get(id)!.callFrame);
    totalMs += ms;
    if (functionName === "(idle)") {
      idleMs += ms;
      continue;
    }
    const place = placeOf(url, functionName);
    places.set(place, (places.get(place) ?? 0) + ms);
    const fn = `${functionName || "(anonymous)"} ${url ? `${placeOf(url, functionName)}:${lineNumber + 1}` : ""}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
  }
  const busyMs = totalMs - idleMs;
  const rank = (costs: Map<string, number>) =>
    [...costs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms), share: busyMs ? ms / busyMs : 0 }));
  return { totalMs, idleShare: totalMs ? idleMs / totalMs : 0, byPlace: rank(places), byFunction: rank(functions) };
}

/** The profiles a process wrote into `dir` (node writes one per thread on exit). */
export function readProfiles(dir: string): Profile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".cpuprofile"))
    .map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile);
}

/** One profile of several (a process's threads): their samples together. */
export function mergeProfiles(profiles: Profile[]): Profile {
  if (profiles.length === 1) return profiles[0]!;
  const merged: Profile = { nodes: [], samples: [], timeDeltas: [], startTime: 0, endTime: 0 };
  let offset = 0;
  for (const profile of profiles) {
    merged.nodes.push(...profile.nodes.map((node) => ({ ...node, id: node.id + offset })));
    merged.samples!.push(...(profile.samples ?? []).map((id) => id + offset));
    merged.timeDeltas!.push(...(profile.timeDeltas ?? []));
    offset += Math.max(0, ...profile.nodes.map((node) => node.id)) + 1;
  }
  return merged;
}

/** The summary as lines for a console: busy share, then the top places and functions by self time. */
export function formatSummary(summary: ProfileSummary, perRequestOf?: (ms: number) => string): string {
  const line = ({ name, ms, share }: Cost) =>
    `  ${(share * 100).toFixed(1).padStart(5)}%  ${String(ms).padStart(6)} ms${perRequestOf ? `  ${perRequestOf(ms)}` : ""}  ${name}`;
  return [
    `CPU busy ${((1 - summary.idleShare) * 100).toFixed(0)}% of ${Math.round(summary.totalMs)} ms on the main thread; self time by place:`,
    ...summary.byPlace.map(line),
    "by function:",
    ...summary.byFunction.map(line),
  ].join("\n");
}

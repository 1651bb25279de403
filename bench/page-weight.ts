/**
 * The JavaScript each page loads: fetches the page's HTML from a running server, collects the
 * <script src> it references, and sums their gzip sizes (level 9, as a CDN would serve them).
 *
 *   npm start &   # or any running instance
 *   npm run bench:page-weight -- --base http://localhost:3000
 *
 * Exits 1 when a budgeted page is over its budget (210 kB for the foundation's pages, 260 kB
 * for the course player, 230 kB for /review and /mastery, 240 kB for a class's page, 300 kB for the chat).
 */
import { gzipSync } from "node:zlib";

import { recordFigure } from "./lib/figures";

/** Budgets from the issues, in kB of gzip: the foundation's pages, and the course player. */
const PAGES: { path: string; label: string; budgetKb?: number }[] = [
  { path: "/", label: "/", budgetKb: 210 },
  { path: "/auth", label: "/auth", budgetKb: 210 },
  { path: "/this-page-does-not-exist", label: "404", budgetKb: 210 },
  { path: "/how-it-works", label: "/how-it-works" },
  { path: "/create-course", label: "/create-course" },
  // The player's scripts are the same for every course id (the course itself is loaded as data).
  { path: "/course/1", label: "/course/{id}", budgetKb: 260 },
  // Issue 18: useChat stays in the first load; the Markdown renderer and the side panel load on demand.
  { path: "/course/1/chat", label: "/course/{id}/chat", budgetKb: 300 },
  // Signed out, /review renders its sign-in redirect: the same scripts as for a learner (the cards are data).
  { path: "/review", label: "/review", budgetKb: 230 },
  // Issue 32: before the map loads (its library comes with the Map tab, Practice with its dialog).
  { path: "/mastery", label: "/mastery", budgetKb: 230 },
  // Issue 33: a class's page (its dashboard and the teachers' panels load on demand), the class list and the join screen.
  { path: "/classes/1", label: "/classes/{id}", budgetKb: 240 },
  { path: "/classes", label: "/classes" },
  { path: "/join/x", label: "/join/{code}" },
];

const baseArg = process.argv.indexOf("--base");
const base = (baseArg > 0 ? process.argv[baseArg + 1] : undefined) ?? process.env.BASE_URL ?? "http://localhost:3000";

async function scriptSizes(path: string) {
  const html = await (await fetch(new URL(path, base))).text();
  const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
  const unique = [...new Set(sources)];
  const sizes = await Promise.all(
    unique.map(async (src) => {
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      return { src, raw: body.byteLength, gzip: gzipSync(body, { level: 9 }).byteLength };
    }),
  );
  return { count: unique.length, raw: sizes.reduce((sum, s) => sum + s.raw, 0), gzip: sizes.reduce((sum, s) => sum + s.gzip, 0) };
}

const rows = [];
let over = false;
for (const page of PAGES) {
  const size = await scriptSizes(page.path);
  const gzipKb = size.gzip / 1024;
  const budget = page.budgetKb;
  if (budget !== undefined && gzipKb > budget) over = true;
  recordFigure({
    bench: "page-weight",
    name: `${page.label} JavaScript (gzip)`,
    value: Number(gzipKb.toFixed(1)),
    unit: "kB",
    ...(budget !== undefined ? { target: `≤ ${budget} kB`, ok: gzipKb <= budget } : {}),
  });
  rows.push({
    page: page.label,
    scripts: size.count,
    "raw kB": (size.raw / 1024).toFixed(1),
    "gzip kB": gzipKb.toFixed(1),
    budget: budget !== undefined ? `${budget} kB ${gzipKb > budget ? "OVER" : "ok"}` : "-",
  });
}
console.table(rows);
process.exit(over ? 1 : 0);

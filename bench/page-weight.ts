/**
 * The JavaScript each page loads: fetches the page's HTML from a running server, collects the
 * <script src> it references, and sums their gzip sizes (level 9, as a CDN would serve them).
 *
 *   npm start &   # or any running instance
 *   npm run bench -- --base http://localhost:3000
 *
 * Exits 1 when a budgeted page is over its budget.
 */
import { gzipSync } from "node:zlib";

const BUDGET_KB = 210;
const PAGES: { path: string; label: string }[] = [
  { path: "/", label: "/" },
  { path: "/auth", label: "/auth" },
  { path: "/this-page-does-not-exist", label: "404" },
  { path: "/how-it-works", label: "/how-it-works" },
];
const BUDGETED = new Set(["/", "/auth", "404"]);

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
  const budgeted = BUDGETED.has(page.label);
  if (budgeted && gzipKb > BUDGET_KB) over = true;
  rows.push({
    page: page.label,
    scripts: size.count,
    "raw kB": (size.raw / 1024).toFixed(1),
    "gzip kB": gzipKb.toFixed(1),
    budget: budgeted ? `${BUDGET_KB} kB ${gzipKb > BUDGET_KB ? "OVER" : "ok"}` : "-",
  });
}
console.table(rows);
process.exit(over ? 1 : 0);

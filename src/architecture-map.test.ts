/**
 * docs/architecture.md's folder map ("## The folders") against the tree: every path it names
 * exists, and every folder and module of src/ and src/server/ is named, so the map cannot drift
 * from the code unnoticed.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");

/** The paths the map names, from the repository's root ("src/server/api/", "scripts/serve.mjs"). */
function mappedPaths(): string[] {
  const section = doc.slice(doc.indexOf("## The folders"));
  const block = section.split("```")[1] ?? "";
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of block.split("\n")) {
    const entry = /^( *)(\S.*?)(?: {2,}|$)/.exec(line);
    // A description carried over to the next line starts far to the right.
    if (!entry || entry[1]!.length >= 20) continue;
    const depth = entry[1]!.length / 2;
    parents.length = depth;
    const names = entry[2]!.split(/,\s*/).map((name) => name.replace(/<[^>]+>\/$/, ""));
    for (const name of names) paths.push([...parents, name].join(""));
    if (names.length === 1 && names[0]!.endsWith("/")) parents[depth] = names[0]!;
  }
  return paths;
}

/** The folders and modules (not tests) directly in `folder`. */
function entriesOf(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)))
    .map((entry) => `${folder}${entry.name}${entry.isDirectory() ? "/" : ""}`);
}

describe("docs/architecture.md's folder map", () => {
  const mapped = mappedPaths();

  test("is read (the section and its code block are where this test looks)", () => {
    expect(mapped).toContain("src/server/api/");
    expect(mapped).toContain("scripts/serve.mjs");
  });

  test("names only paths that exist", () => {
    expect(mapped.filter((mappedPath) => !existsSync(path.join(root, mappedPath)))).toEqual([]);
  });

  test.each(["src/", "src/server/"])("names every folder and module of %s", (folder) => {
    expect(entriesOf(folder).filter((entry) => !mapped.includes(entry))).toEqual([]);
  });
});

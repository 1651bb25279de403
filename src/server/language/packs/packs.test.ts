/**
 * Every course language's pack against the shared corpus (../shared/fixtures/translations/<code>/,
 * the same videos as ../shared/fixtures/videos in that language), when ../shared is present: a
 * language added to LANGUAGE_PACKS asks here for its fixtures, and its words must be found in them.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { readVideoFolder, SHARED_TRANSLATIONS } from "../../../../test/fixtures/video-folder";
import { COURSE_LANGUAGES } from "~/lib/languages";
import { LANGUAGE_PACKS, packFor } from "../language-packs";
import { wordPieces } from "../text";

const SHARED = join(SHARED_TRANSLATIONS, "../..");
const present = existsSync(SHARED);

describe("LANGUAGE_PACKS", () => {
  it("holds one pack per course language, under its code", () => {
    expect(Object.keys(LANGUAGE_PACKS).sort()).toEqual(COURSE_LANGUAGES.map((language) => language.code).sort());
    for (const [code, pack] of Object.entries(LANGUAGE_PACKS)) expect(pack.code).toBe(code);
  });

  it("gives English's wording to a language without a pack", () => {
    expect(packFor("it").quiz).toBe(LANGUAGE_PACKS.en.quiz);
    expect(packFor("pt-BR")).toBe(LANGUAGE_PACKS.pt);
    expect(packFor("")).toBe(LANGUAGE_PACKS.en);
  });
});

const translated = Object.values(LANGUAGE_PACKS).filter((pack) => pack.code !== "en");

describe.skipIf(!present)(
  present ? "each language pack on its shared fixtures" : "each language pack on its shared fixtures — skipped: ../shared not found",
  () => {
    it.each(translated.map((pack) => [pack.code, pack] as const))("%s: has its translated videos, and finds their words", (code, pack) => {
      const folder = join(SHARED_TRANSLATIONS, code);
      expect(existsSync(folder), `add the fixtures ${folder}/<videoId>.json`).toBe(true);
      const videos = readVideoFolder(folder).filter((video) => video.segments.length > 0);
      expect(videos.length).toBeGreaterThan(0);
      for (const video of videos) {
        const text = video.segments
          .slice(0, 50)
          .map((segment) => segment.text)
          .join(" ");
        const content = (wordPieces(text, pack.code) ?? []).filter((piece) => piece.stem !== null);
        expect(content.length, video.videoId).toBeGreaterThan(0);
      }
    });
  },
);

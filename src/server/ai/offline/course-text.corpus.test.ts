/**
 * The text the engine writes around a course, on every video of the shared corpus and its
 * translations (../shared/fixtures), when present: no description runs a sentence into the next
 * (issue 30's must-hold: no lowercase word followed by " This course"), and no course title
 * restates its topic or opens a part with a connective ("But", "Pero", "しかし", "但").
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { hasFinalPunctuation } from "~/lib/sentences";

import { readVideoFolder, SHARED_TRANSLATIONS, SHARED_VIDEOS, type FolderVideo } from "../../../../test/fixtures/video-folder";
import { courseDescription, courseTitle, shortVideoTitle } from "./engine";
import { courseFollowsSentence } from "./wording";

const languages = existsSync(SHARED_TRANSLATIONS) ? readdirSync(SHARED_TRANSLATIONS).sort() : [];
const folders: [string, FolderVideo[]][] = [
  ["en", readVideoFolder(SHARED_VIDEOS)],
  ...languages.map((language): [string, FolderVideo[]] => [language, readVideoFolder(join(SHARED_TRANSLATIONS, language))]),
];
const present = folders[0]![1].length > 0;

/** The connectives the corpus's titles open with (the engine's lists hold more). */
const OPENING_CONNECTIVE = /^(?:but|pero|mas|mais|aber|しかし|但|ولكن|लेकिन)(?=[\s,、，])/iu;

/** The letter pairs of a text: a language-blind measure of how much of one part another repeats. */
function letterPairs(text: string): Set<string> {
  const letters = [...text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "")];
  return new Set(letters.slice(1).map((letter, i) => `${letters[i]}${letter}`));
}

describe.skipIf(!present)(
  present
    ? "course descriptions and titles on the shared corpus"
    : "course descriptions and titles on the shared corpus — skipped: ../shared/fixtures/videos not found",
  () => {
    it.each(folders.map(([language]) => language))("%s: every description ends each sentence before the next", (language) => {
      const videos = folders.find(([l]) => l === language)![1];
      expect(videos.length).toBeGreaterThan(0);
      for (const video of videos) {
        const chapters = video.chapters.length > 0 ? video.chapters.map((c) => c.title) : ["Introduction"];
        const description = courseDescription(video, chapters, language);
        const follows = courseFollowsSentence(shortVideoTitle(video.title) || null, chapters, language);
        const at = description.indexOf(follows);
        expect(at, `${language}/${video.videoId}: ${description}`).toBeGreaterThanOrEqual(0);
        if (at > 0) expect(hasFinalPunctuation(description.slice(0, at)), `${language}/${video.videoId}: ${description}`).toBe(true);
        expect(description).not.toMatch(/\p{Ll} This course/u);
      }
    });

    it.each(folders.map(([language]) => language))("%s: a course title never restates its topic nor opens a part with a connective", (language) => {
      const videos = folders.find(([l]) => l === language)![1];
      for (const video of videos) {
        // What a learner types: the title's question, or the whole title of a pasted link.
        for (const topic of [video.title.split(/\s*[|｜]\s*/u)[0]!, video.title]) {
          const title = courseTitle(topic, video.title, language);
          const context = `${language}/${video.videoId}: "${topic}" → "${title}"`;
          for (const part of title.split(/\s*[|｜:：]\s*/u)) expect(part, context).not.toMatch(OPENING_CONNECTIVE);
          const composed = /^(.+?): (.+)$/su.exec(title);
          if (!composed) continue;
          const [first, second] = [letterPairs(composed[1]!), letterPairs(composed[2]!)];
          const repeated = [...first].filter((pair) => second.has(pair)).length;
          expect(repeated / Math.max(1, first.size), context).toBeLessThan(0.6);
        }
      }
    });
  },
);

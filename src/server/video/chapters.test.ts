import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";
import { z } from "zod";

import { parseChapterLine, parseCreatorChapters } from "./chapters";

const TEN_MINUTES = 600;

function titlesAndStarts(description: string, durationSeconds = TEN_MINUTES): [string, number][] {
  return parseCreatorChapters(description, durationSeconds).map((chapter) => [chapter.title, chapter.startMs / 1000]);
}

describe("parseChapterLine", () => {
  test.each([
    ["0:00 Intro", 0, "Intro"],
    ["0:00 - Intro", 0, "Intro"],
    ["00:00 – Intro", 0, "Intro"],
    ["0:00 — Intro", 0, "Intro"],
    ["0:00 | Intro", 0, "Intro"],
    ["0:00: Intro", 0, "Intro"],
    ["0:00. Intro", 0, "Intro"],
    ["[0:00] Intro", 0, "Intro"],
    ["(0:00) Intro", 0, "Intro"],
    ["(1:02:03) The long part", 3723, "The long part"],
    ["1:02:03 - The long part", 3723, "The long part"],
    ["01:02:03 The long part", 3723, "The long part"],
    ["75:30 Minutes only", 4530, "Minutes only"],
    ["  12:34   Indented  ", 754, "Indented"],
    ["- 1:10 Bulleted", 70, "Bulleted"],
    ["• 1:10 Bulleted", 70, "Bulleted"],
    ["18:30: In the video, I say", 1110, "In the video, I say"],
    ['6:54 f(x) = x^n "Power Rule"', 414, 'f(x) = x^n "Power Rule"'],
    ["8:48 - What is e?", 528, "What is e?"],
    ["Intro 0:00", 0, "Intro"],
    ["Intro - 0:00", 0, "Intro"],
    ["The long part (1:02:03)", 3723, "The long part"],
    ["Part 2 12:30", 750, "Part 2"],
    ["End(2:30)", 150, "End"],
    ["Intro-0:00", 0, "Intro"],
    ["0:00 - Intro -", 0, "Intro"],
  ])("%j → %i s %j", (line, seconds, title) => {
    expect(parseChapterLine(line)).toEqual({ startSeconds: seconds, title });
  });

  test.each([
    ["Intro"],
    [""],
    ["0:00"],
    ["0:00 -"],
    ["[0:00]"],
    ["Correction at 8:56 - the number of regions"],
    ["Typo: At 12:27, more that a line full"],
    ["0:60 Not a time"],
    ["1:60:00 Not a time"],
    ["1:5 Too few seconds digits"],
    ["10:000 Too many seconds digits"],
    ["2024-01-05 a date"],
    ["https://example.org/0:00"],
  ])("%j is not a chapter line", (line) => {
    expect(parseChapterLine(line)).toBeNull();
  });
});

describe("parseCreatorChapters", () => {
  test("reads a simple list", () => {
    expect(titlesAndStarts("Intro text\n\n0:00 Intro\n1:00 Middle\n2:30 End")).toEqual([
      ["Intro", 0],
      ["Middle", 60],
      ["End", 150],
    ]);
  });

  test("returns milliseconds", () => {
    expect(parseCreatorChapters("0:00 A\n0:10 B\n1:02:03 C", 4000).map((chapter) => chapter.startMs)).toEqual([0, 10_000, 3_723_000]);
  });

  test("accepts CRLF and CR line ends", () => {
    expect(titlesAndStarts("0:00 A\r\n1:00 B\r\n2:00 C")).toHaveLength(3);
    expect(titlesAndStarts("0:00 A\r1:00 B\r2:00 C")).toHaveLength(3);
  });

  test("blank lines inside the list are allowed", () => {
    expect(titlesAndStarts("0:00 A\n\n1:00 B\n\n2:00 C")).toHaveLength(3);
  });

  test("the list ends at the first line of other text", () => {
    expect(titlesAndStarts("0:00 A\n1:00 B\n2:00 C\n\nCorrections:\n3:00 - the slide says 12")).toEqual([
      ["A", 0],
      ["B", 60],
      ["C", 120],
    ]);
  });

  test("the list ends at the first timestamp that does not move forward", () => {
    expect(titlesAndStarts("0:00 A\n1:00 B\n2:00 C\n1:30 - a correction\n4:00 D")).toEqual([
      ["A", 0],
      ["B", 60],
      ["C", 120],
    ]);
  });

  test("timestamps after the title work too", () => {
    expect(titlesAndStarts("Intro 0:00\nMiddle 1:00\nEnd (2:30)")).toEqual([
      ["Intro", 0],
      ["Middle", 60],
      ["End", 150],
    ]);
  });

  test("hour timestamps in a long video", () => {
    expect(titlesAndStarts("0:00:00 Start\n0:45:00 Middle\n1:30:00 End", 3 * 3600)).toEqual([
      ["Start", 0],
      ["Middle", 2700],
      ["End", 5400],
    ]);
  });

  test("timestamps mentioned before the list do not start it", () => {
    expect(titlesAndStarts("Typo at 1:20 fixed.\n5:00 - a stray line\n\n0:00 A\n1:00 B\n2:00 C")).toHaveLength(3);
  });

  test("an invalid first 0:00 block does not hide a valid later one", () => {
    expect(titlesAndStarts("0:00 only one\n\nText\n\n0:00 A\n1:00 B\n2:00 C")).toEqual([
      ["A", 0],
      ["B", 60],
      ["C", 120],
    ]);
  });

  test.each([
    ["", "an empty description"],
    ["No chapters here, just text.", "no timestamps"],
    ["0:05 A\n1:00 B\n2:00 C", "a first chapter not at 0:00"],
    ["0:00 A\n1:00 B", "fewer than three chapters"],
    ["0:00 A\n0:05 B\n1:00 C", "a chapter shorter than 10 s"],
    ["0:00 A\n1:00 B\n9:55 C", "a last chapter shorter than 10 s before the end"],
    ["0:00 A\n\nsome text\n1:00 B\n2:00 C", "a list broken by text after one chapter"],
  ])("returns [] for %s", (description, _reason) => {
    expect(parseCreatorChapters(description, TEN_MINUTES)).toEqual([]);
  });

  test("exactly 10 s is long enough", () => {
    expect(titlesAndStarts("0:00 A\n0:10 B\n0:20 C", 30)).toHaveLength(3);
  });

  test("chapters starting after the end of the video are dropped", () => {
    expect(titlesAndStarts("0:00 A\n1:00 B\n2:00 C\n20:00 D", TEN_MINUTES)).toEqual([
      ["A", 0],
      ["B", 60],
      ["C", 120],
    ]);
    expect(titlesAndStarts("0:00 A\n1:00 B\n20:00 C", TEN_MINUTES)).toEqual([]);
  });

  test("an unknown duration (0) skips the checks that need it", () => {
    expect(titlesAndStarts("0:00 A\n1:00 B\n99:00 C", 0)).toHaveLength(3);
    expect(titlesAndStarts("0:00 A\n1:00 B\n99:00 C", Number.NaN)).toHaveLength(3);
  });
});

describe("our own fixture", () => {
  test("binSearch01's description gives its chapters, not the correction after them", () => {
    const fixture = z
      .object({ description: z.string(), durationSeconds: z.number(), chapters: z.array(z.object({ start: z.number(), title: z.string() })) })
      .parse(JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../test/fixtures/videos/binary-search-lesson.json"), "utf8")));
    expect(parseCreatorChapters(fixture.description, fixture.durationSeconds)).toEqual(
      fixture.chapters.map((chapter) => ({ title: chapter.title, startMs: chapter.start * 1000 })),
    );
  });
});

/**
 * The shared corpus: 33 real descriptions whose `chapters` were parsed by a simpler tool that
 * took every line starting with a timestamp, so in two of them the list runs on into a
 * "Corrections:" section whose times go backwards. YouTube, like our parser, stops where the
 * times stop ascending; the comparison below is against that prefix, and the exact agreement is
 * reported as well.
 */
const CORPUS_DIR = path.resolve(import.meta.dirname, "../../../../shared/fixtures/videos");
const hasCorpus = existsSync(CORPUS_DIR);
if (!hasCorpus) console.info(`chapters corpus: skipped, ${CORPUS_DIR} not found (it exists in CI and the dev workspace)`);

/** `durationSeconds` there is the end of the last caption; the real video runs a little longer. */
const CORPUS_DURATION_SLACK_SECONDS = 30;

const corpusVideoSchema = z.object({
  videoId: z.string(),
  description: z.string(),
  durationSeconds: z.number(),
  chapters: z.array(z.object({ start: z.number(), title: z.string() })),
});

function ascendingPrefix<T extends { start: number }>(chapters: T[]): T[] {
  const firstBackwards = chapters.findIndex((chapter, index) => index > 0 && chapter.start <= (chapters[index - 1]?.start ?? 0));
  return firstBackwards === -1 ? chapters : chapters.slice(0, firstBackwards);
}

describe.skipIf(!hasCorpus)("parseCreatorChapters on the shared corpus", () => {
  const videos = hasCorpus
    ? readdirSync(CORPUS_DIR)
        .filter((name) => name.endsWith(".json"))
        .sort()
        .map((name) => corpusVideoSchema.parse(JSON.parse(readFileSync(path.join(CORPUS_DIR, name), "utf8"))))
    : [];

  const parse = (video: z.infer<typeof corpusVideoSchema>) =>
    parseCreatorChapters(video.description, video.durationSeconds + CORPUS_DURATION_SLACK_SECONDS).map((chapter) => ({
      start: chapter.startMs / 1000,
      title: chapter.title,
    }));

  test("holds 33 videos", () => {
    expect(videos).toHaveLength(33);
  });

  test.each(videos.map((video) => [video.videoId, video] as const))("%s matches the ascending ground truth", (_id, video) => {
    expect(parse(video)).toEqual(ascendingPrefix(video.chapters));
  });

  test("agrees exactly with the raw ground truth on at least 31 of 33", () => {
    const exact = videos.filter((video) => JSON.stringify(parse(video)) === JSON.stringify(video.chapters));
    console.info(`chapters corpus: ${exact.length}/${videos.length} exact matches with the raw ground truth`);
    expect(exact.length).toBeGreaterThanOrEqual(31);
  });
});

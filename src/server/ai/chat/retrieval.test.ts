import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";

import { describe, expect, it } from "vitest";

import {
  buildPassages,
  createPassageIndex,
  formatTimestamp,
  momentWeight,
  parseTimestampCitations,
  passageAt,
  passageTerms,
  type PassageSegment,
} from "./retrieval";
import { evaluateQuestions, FIXTURE_VIDEOS_DIR, RETRIEVAL_QUESTIONS } from "./retrieval-questions";

/** Segments of `seconds` each, back to back, from sentences of our own. */
function timed(texts: readonly string[], seconds = 10): PassageSegment[] {
  return texts.map((text, i) => ({ startMs: i * seconds * 1000, endMs: (i + 1) * seconds * 1000, text }));
}

const words = (n: number, word = "word") => Array.from({ length: n }, () => word).join(" ");

const LESSON = timed([
  "Welcome to this short lesson on baking bread at home.",
  "First we mix flour, water, salt and a little yeast in a large bowl.",
  "The dough needs kneading for about ten minutes until it feels smooth and elastic.",
  "Kneading builds gluten, the protein network that traps the gas the yeast produces.",
  "Then the dough rests in a warm place and rises until it doubles in size.",
  "After shaping the loaf, we bake it in a very hot oven with some steam.",
  "Steam keeps the crust soft at first so the loaf can expand before the crust sets.",
  "Finally, let the bread cool on a rack before slicing, or the crumb turns gummy.",
]);

describe("buildPassages", () => {
  it("returns nothing for an empty transcript or one without words", () => {
    expect(buildPassages([])).toEqual([]);
    expect(buildPassages(timed(["", "   "]))).toEqual([]);
  });

  it("keeps a single segment as one passage with its times in seconds", () => {
    expect(buildPassages([{ startMs: 1_500, endMs: 4_000, text: " Hello there. " }])).toEqual([
      { id: 0, start: 1.5, end: 4, text: "Hello there.", startSegment: 0, endSegment: 1 },
    ]);
  });

  it("cuts overlapping windows of about the target size that cover every segment", () => {
    const segments = timed(
      Array.from({ length: 30 }, (_, i) => `${words(19)} s${i}`),
      6,
    );
    const passages = buildPassages(segments, { targetWords: 60, strideWords: 30, maxSeconds: 120 });
    expect(passages[0]).toMatchObject({ startSegment: 0, endSegment: 3, start: 0, end: 18 });
    for (const [i, passage] of passages.entries()) {
      expect(passage.id).toBe(i);
      expect(passage.text).toBe(
        segments
          .slice(passage.startSegment, passage.endSegment)
          .map((s) => s.text)
          .join(" "),
      );
      expect(passage.start).toBe(segments[passage.startSegment]!.startMs / 1000);
      expect(passage.end).toBe(segments[passage.endSegment - 1]!.endMs / 1000);
      const next = passages[i + 1];
      if (next) {
        expect(next.startSegment).toBeGreaterThan(passage.startSegment);
        expect(next.startSegment).toBeLessThan(passage.endSegment); // they overlap
      }
    }
    expect(passages.at(-1)!.endSegment).toBe(30);
    // The default stride is half the target, so a smaller target still overlaps.
    const small = buildPassages(segments, { targetWords: 40, maxSeconds: 120 });
    expect(small.slice(0, 3).map((p) => [p.startSegment, p.endSegment])).toEqual([
      [0, 2],
      [1, 3],
      [2, 4],
    ]);
  });

  it("finds an answer that straddles a window edge inside a single passage", () => {
    const segments = timed(
      [
        ...Array.from({ length: 6 }, () => words(20, "filler")),
        "the answer begins here",
        "and ends here",
        ...Array.from({ length: 6 }, () => words(20, "filler")),
      ],
      5,
    );
    const passages = buildPassages(segments, { targetWords: 50, strideWords: 25 });
    expect(passages.some((p) => p.startSegment <= 6 && p.endSegment >= 8)).toBe(true);
  });

  it("stops a window at maxSeconds but always takes at least one segment", () => {
    const slow = timed(["one two", "three four", "five six", "seven eight"], 30);
    const passages = buildPassages(slow, { targetWords: 100, maxSeconds: 45 });
    for (const p of passages) expect(p.endSegment - p.startSegment).toBe(1);
    expect(passages).toHaveLength(4);
    const huge = buildPassages(timed([words(500)]), { targetWords: 50 });
    expect(huge).toHaveLength(1);
  });
});

describe("createPassageIndex", () => {
  const index = createPassageIndex(buildPassages(LESSON, { targetWords: 20, strideWords: 10 }));

  it("ranks the passage that answers the question first", () => {
    const [best] = index.search("Why does the dough need kneading?", 3);
    expect(best!.passage.text).toContain("gluten");
    const [crust] = index.search("what is the steam in the oven for", 1);
    expect(crust!.passage.text).toContain("crust");
  });

  it("returns at most k hits, best first, no two overlapping", () => {
    const hits = index.search("bread dough yeast loaf crust oven", 3);
    expect(hits.length).toBeLessThanOrEqual(3);
    expect(hits.length).toBeGreaterThan(1);
    for (let i = 1; i < hits.length; i += 1) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
    for (const a of hits) {
      for (const b of hits) if (a !== b) expect(a.passage.startSegment >= b.passage.endSegment || b.passage.startSegment >= a.passage.endSegment).toBe(true);
    }
    expect(index.search("bread", 0)).toEqual([]);
  });

  it("returns nothing for an empty transcript, an empty query, stop words or unknown words", () => {
    expect(createPassageIndex([]).search("bread", 3)).toEqual([]);
    expect(index.search("", 3)).toEqual([]);
    expect(index.search("what is it and why would you do that?", 3)).toEqual([]);
    expect(index.search("quantum chromodynamics", 3)).toEqual([]);
  });

  it("drops words of question phrasing unless nothing else is left", () => {
    const stats = createPassageIndex(
      buildPassages(timed(["The mean is the average of the values.", "The spread tells how far values stray from it."]), { targetWords: 5, strideWords: 5 }),
    );
    expect(stats.search("Can you explain what the mean means?", 1)[0]!.passage.startSegment).toBe(0);
    expect(stats.search("please explain the spread", 1)[0]!.passage.startSegment).toBe(1);
  });

  it("handles text in other scripts, including ones written without spaces", () => {
    const mixed = createPassageIndex(
      buildPassages(
        timed([
          "Производная показывает скорость изменения функции.",
          "导数描述函数的变化率。",
          "積分は面積を求める方法です。",
          "Die Ableitung misst die Änderungsrate.",
        ]),
        {
          targetWords: 1,
          strideWords: 1,
        },
      ),
    );
    expect(mixed.search("что такое производная", 1)[0]!.passage.startSegment).toBe(0);
    expect(mixed.search("什么是变化率", 1)[0]!.passage.startSegment).toBe(1);
    expect(mixed.search("面積", 1)[0]!.passage.startSegment).toBe(2);
    expect(mixed.search("anderungsrate", 1)[0]!.passage.startSegment).toBe(3);
    expect(passageTerms("GPT模型")).toEqual(["gpt", "模型"]);
  });

  it("caps the terms of a very long query and still answers it", () => {
    const longQuery = `${Array.from({ length: 20_000 }, (_, i) => `term${i}`).join(" ")} kneading gluten`;
    const started = performance.now();
    const hits = index.search(longQuery, 1);
    expect(performance.now() - started).toBeLessThan(50);
    expect(hits[0]!.passage.text).toContain("gluten");
    const pasted = index.search(`${"Here is my long question about the bread. ".repeat(200)} Why knead the dough so long?`, 1);
    expect(pasted[0]!.passage.text).toContain("kneading");
  });

  it("indexes a 60-minute transcript and answers a query within the time budget", () => {
    // ~9,000 words over 3,600 s from a fixed pseudo-random vocabulary with a few frequent words.
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const vocabulary = Array.from({ length: 3_000 }, (_, i) => `w${i.toString(36)}x`);
    const pick = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)]!;
    const segments = timed(
      Array.from({ length: 400 }, () => Array.from({ length: 22 }, pick).join(" ")),
      9,
    );
    const run = () => {
      const started = performance.now();
      const hits = createPassageIndex(buildPassages(segments)).search(`how does ${pick()} relate to ${pick()} and ${pick()}?`, 3);
      return { ms: performance.now() - started, hits };
    };
    expect(run().hits.length).toBeGreaterThan(0); // warm-up: the first call also compiles
    const times = Array.from({ length: 5 }, () => run().ms).sort((a, b) => a - b);
    expect(times[2]).toBeLessThan(50);
  });
});

describe("search at a moment (atSeconds)", () => {
  // The same sentence about pivots is said three times, a minute apart, with filler between.
  const filler = (i: number) => `Unrelated remark number ${i} about the weather and the lighting of the studio.`;
  const PIVOT = "The pivot splits the array into smaller and larger elements.";
  const segments = timed([PIVOT, ...Array.from({ length: 5 }, (_, i) => filler(i)), PIVOT, ...Array.from({ length: 5 }, (_, i) => filler(i + 5)), PIVOT]);
  const index = createPassageIndex(buildPassages(segments, { targetWords: 10, strideWords: 10 }));

  it("without a moment, equally similar passages rank by their place in the video", () => {
    const hits = index.search("what does the pivot do", 3);
    expect(hits.map((hit) => hit.passage.start)).toEqual([0, 60, 120]);
    expect(hits[0]!.score).toBeCloseTo(hits[2]!.score);
  });

  it("the passage at the moment wins over an equally similar passage elsewhere, and neighbours beat far passages", () => {
    const atLast = index.search("what does the pivot do", 3, { atSeconds: 125 });
    expect(atLast.map((hit) => hit.passage.start)).toEqual([120, 60, 0]);
    expect(atLast[0]).toMatchObject({ atMoment: true });
    expect(atLast.slice(1).every((hit) => !hit.atMoment)).toBe(true);
    // Between two equal passages, the nearer one (the middle one for a moment at 1:44) comes first.
    const between = index.search("pivot", 3, { atSeconds: 104 });
    expect(between[0]!.passage.text).toContain("Unrelated remark number 8");
    expect(between.slice(1).map((hit) => hit.passage.start)).toEqual([120, 60]);
  });

  it("the passage being watched comes first even when the question names nothing in it ('what does this mean?')", () => {
    const hits = index.search("what does this mean?", 3, { atSeconds: 35 });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ atMoment: true, passage: { start: 30 } });
    expect(index.search("what does this mean?", 3)).toEqual([]);
  });

  it("a moment past the end or in a pause picks the nearest passage; a non-finite one is ignored", () => {
    expect(passageAt(index.passages, 10_000)?.start).toBe(120);
    expect(passageAt([], 5)).toBeNull();
    expect(index.search("pivot", 3, { atSeconds: Number.NaN }).map((hit) => hit.passage.start)).toEqual([0, 60, 120]);
  });

  it("the weight decays with distance: 2 at the moment, halving its boost every minute", () => {
    expect(momentWeight(0)).toBe(2);
    expect(momentWeight(60)).toBeCloseTo(1.5);
    expect(momentWeight(120)).toBeCloseTo(1.25);
    expect(momentWeight(3600)).toBeCloseTo(1, 5);
  });
});

describe("formatTimestamp", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [65, "1:05"],
    [65.9, "1:05"],
    [599, "9:59"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3725, "1:02:05"],
    [36_000, "10:00:00"],
    [-3, "0:00"],
    [Number.NaN, "0:00"],
  ])("%s s → %s", (seconds, expected) => {
    expect(formatTimestamp(seconds)).toBe(expected);
  });
});

describe("parseTimestampCitations", () => {
  it("finds every well-formed citation with its seconds and position", () => {
    const answer = "Kneading builds gluten [1:05], and the oven [12:30] then [1:02:05] and [75:10].";
    expect(parseTimestampCitations(answer)).toEqual([
      { raw: "[1:05]", seconds: 65, index: answer.indexOf("[1:05]") },
      { raw: "[12:30]", seconds: 750, index: answer.indexOf("[12:30]") },
      { raw: "[1:02:05]", seconds: 3725, index: answer.indexOf("[1:02:05]") },
      { raw: "[75:10]", seconds: 4510, index: answer.indexOf("[75:10]") },
    ]);
  });

  it("ignores malformed or unbracketed times", () => {
    expect(parseTimestampCitations("[99:99] [1:5] [1:60] [1:02:5] [1:75:00] [:30] [1:05 ] 1:05 [a:bc] [1234:00]")).toEqual([]);
    expect(parseTimestampCitations("")).toEqual([]);
  });

  it("round-trips formatTimestamp", () => {
    for (const seconds of [0, 9, 61, 3599, 3600, 4000, 7322]) expect(parseTimestampCitations(`[${formatTimestamp(seconds)}]`)[0]!.seconds).toBe(seconds);
  });
});

const corpusPresent = existsSync(FIXTURE_VIDEOS_DIR);

describe.skipIf(!corpusPresent)(
  corpusPresent ? "retrieval on the shared corpus" : "retrieval on the shared corpus — skipped: ../shared/fixtures/videos not found",
  () => {
    it("has 20 questions over at least 8 videos", () => {
      expect(RETRIEVAL_QUESTIONS).toHaveLength(20);
      expect(new Set(RETRIEVAL_QUESTIONS.map((q) => q.videoId)).size).toBeGreaterThanOrEqual(8);
      for (const q of RETRIEVAL_QUESTIONS) expect(q.from).toBeLessThan(q.to);
    });

    it("finds the answer in the top 3 passages for at least 17 of the 20 questions", () => {
      const results = evaluateQuestions();
      const hits = results.filter((r) => r.rank !== null && r.rank <= 3).length;
      expect(
        hits,
        results
          .filter((r) => r.rank === null)
          .map((r) => r.question)
          .join("\n"),
      ).toBeGreaterThanOrEqual(17);
    });
  },
);

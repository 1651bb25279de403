import { describe, expect, test } from "vitest";

import { cleanCaptionText, decodeHtmlEntities, normaliseTranscript } from "./transcript";
import type { RawCaption, TimedSegment } from "./types";

/** Cues `[text, startSeconds, durationSeconds]`, for readable tables. */
function cues(...rows: [string, number, number][]): RawCaption[] {
  return rows.map(([text, start, duration]) => ({ text, startMs: start * 1000, durationMs: duration * 1000 }));
}

function expectValidTimeline(segments: TimedSegment[]): void {
  segments.forEach((segment, index) => {
    expect(segment.index).toBe(index);
    expect(segment.startMs).toBeGreaterThanOrEqual(0);
    expect(segment.endMs).toBeGreaterThanOrEqual(segment.startMs);
    expect(Number.isInteger(segment.startMs) && Number.isInteger(segment.endMs)).toBe(true);
    expect(segment.text).toBe(segment.text.trim());
    expect(segment.text).not.toBe("");
    const next = segments[index + 1];
    if (next) {
      expect(next.startMs).toBeGreaterThanOrEqual(segment.startMs);
      expect(segment.endMs).toBeLessThanOrEqual(next.startMs);
    }
  });
}

describe("cleanCaptionText", () => {
  test.each([
    ["[Music]", ""],
    ["[ Music ]", ""],
    ["[Applause]", ""],
    ["[MUSIC PLAYING]", ""],
    ["(laughter)", ""],
    ["(Audience laughing)", ""],
    ["(upbeat music)", ""],
    ["♪", ""],
    ["♪♪", ""],
    ["♪ la la la ♪", ""],
    ["♫ never gonna give you up ♫", ""],
    ["   ", ""],
    ["", ""],
    ["[Music] so today we look at graphs", "so today we look at graphs"],
    ["so that's it (laughs) anyway", "so that's it anyway"],
    ["f(x) equals x squared", "f(x) equals x squared"],
    ["the function (the one on the left) grows", "the function (the one on the left) grows"],
    ["the vector [1, 2] points up", "the vector [1, 2] points up"],
    ["Tom &amp; Jerry", "Tom & Jerry"],
    ["it&#39;s fine", "it's fine"],
    ["he said &quot;hi&quot;", 'he said "hi"'],
    ["&#x41;&#66;C", "ABC"],
    ["a&nbsp;b", "a b"],
    ["x &lt; y and y &gt; z", "x < y and y > z"],
    ["&amp;lt; stays one level", "&lt; stays one level"],
    ["&bogus; and &#0; stay", "&bogus; and &#0; stay"],
    ["<i>italic</i> and <b>bold</b>", "italic and bold"],
    ['<font color="#ffffff">white</font>', "white"],
    ["<c.colorE5E5E5>auto</c> <00:00:01.500><c>caption</c>", "auto caption"],
    ["<v Roger Bingham>We are in New York City", "We are in New York City"],
    ["{\\an8}top of the screen", "top of the screen"],
    ["if a < b and c > d", "if a < b and c > d"],
    [">> Speaker one", "Speaker one"],
    ["yes. >> Okay", "yes. Okay"],
    ["x >>= 1 shifts", "x >>= 1 shifts"],
    ["line one\nline two", "line one line two"],
    ["  lots \t of   space  ", "lots of space"],
    ["zero\u200bwidth", "zero width"],
  ])("%j → %j", (raw, expected) => {
    expect(cleanCaptionText(raw)).toBe(expected);
  });
});

describe("decodeHtmlEntities", () => {
  test("decodes named, decimal and hex entities once", () => {
    expect(decodeHtmlEntities("&hellip;&mdash;&ndash;&rsquo;&#8364;&#x1F600;")).toBe("…—–’€😀");
  });

  test("leaves unknown names, control characters and surrogates alone", () => {
    expect(decodeHtmlEntities("&notanentity; &#7; &#xD800; &#x110000;")).toBe("&notanentity; &#7; &#xD800; &#x110000;");
  });
});

describe("normaliseTranscript", () => {
  test("an empty transcript gives no segments", () => {
    expect(normaliseTranscript([])).toEqual([]);
  });

  test("merges fragments into sentences", () => {
    const segments = normaliseTranscript(
      cues(["Today we look at", 0, 1.5], ["binary search.", 1.5, 1.2], ["It is fast", 3, 1], ["because it halves the list.", 4, 2]),
    );
    expect(segments).toEqual([
      { index: 0, startMs: 0, endMs: 2700, text: "Today we look at binary search." },
      { index: 1, startMs: 3000, endMs: 6000, text: "It is fast because it halves the list." },
    ]);
  });

  test.each([["Really?"], ["Stop!"], ["Wait…"], ['He said "done."'], ["(as in the proof.)"]])("%j ends a sentence", (ending) => {
    const segments = normaliseTranscript(cues([ending, 0, 1], ["Next part", 1, 1]));
    expect(segments.map((segment) => segment.text)).toEqual([ending, "Next part"]);
  });

  test("an abbreviation does not end a sentence", () => {
    const segments = normaliseTranscript(cues(["Ask Dr.", 0, 1], ["Smith about it.", 1, 1]));
    expect(segments.map((segment) => segment.text)).toEqual(["Ask Dr. Smith about it."]);
  });

  test("a pause longer than 2 s ends a segment without punctuation", () => {
    const segments = normaliseTranscript(cues(["so here we are", 0, 2], ["and after a pause", 4.1, 2], ["we go on", 6.2, 1]));
    expect(segments.map((segment) => segment.text)).toEqual(["so here we are", "and after a pause we go on"]);
  });

  test("a pause of exactly 2 s does not", () => {
    const segments = normaliseTranscript(cues(["so here we are", 0, 2], ["and we go on", 4, 2]));
    expect(segments).toHaveLength(1);
  });

  test("auto-captions without punctuation are cut about every 12 s, a spoken sentence's length", () => {
    const rows: [string, number, number][] = Array.from({ length: 60 }, (_, i) => [`words number ${i} of a long run`, i * 2, 2]);
    const segments = normaliseTranscript(cues(...rows));
    expect(segments.length).toBeGreaterThanOrEqual(10);
    for (const segment of segments) expect(segment.endMs - segment.startMs).toBeLessThanOrEqual(12_000);
    expect(segments.map((segment) => segment.text).join(" ")).toBe(rows.map(([text]) => text).join(" "));
    expectValidTimeline(segments);
  });

  test("dense text without punctuation is cut at about 150 characters", () => {
    const rows: [string, number, number][] = Array.from({ length: 20 }, (_, i) => [
      `fragment ${i} of a rather long run of speech without any punctuation at all`,
      i,
      1,
    ]);
    const segments = normaliseTranscript(cues(...rows));
    expect(segments.length).toBeGreaterThanOrEqual(10);
    for (const segment of segments) expect(segment.text.length).toBeLessThanOrEqual(150);
  });

  test("in a punctuated transcript only a run-on sentence is cut, at about 400 characters", () => {
    const runOn: [string, number, number][] = Array.from({ length: 12 }, (_, i) => [`part ${i} of one sentence that keeps going and going`, 10 + i, 1]);
    const rows: [string, number, number][] = [
      ["A short sentence.", 0, 2],
      ["Another one here.", 2, 2],
      ["And a third.", 4, 2],
      ["Then a fourth.", 6, 2],
      ...runOn,
      ["It ends.", 22, 1],
    ];
    const segments = normaliseTranscript(cues(...rows));
    expect(segments.slice(0, 4).map((segment) => segment.text)).toEqual(["A short sentence.", "Another one here.", "And a third.", "Then a fourth."]);
    const rest = segments.slice(4);
    expect(rest.length).toBeGreaterThan(1);
    for (const segment of rest) expect(segment.text.length).toBeLessThanOrEqual(400);
    expect(rest.some((segment) => segment.text.length > 150)).toBe(true);
  });

  test("rolling auto-captions: a silence hidden by overlapping cues still ends a segment and shows as a gap", () => {
    // Four words a line, one line every 1.6 s (0.4 s a word), each shown until the next line is done.
    const lines = ["we start with the", "first idea of the", "lesson and then we", "stop right here now", "next comes a new", "part of the talk"];
    const starts = [0, 1.6, 3.2, 4.8, 10, 11.6];
    const rows = lines.map((text, i): [string, number, number] => [text, starts[i]!, (starts[i + 2] ?? starts[i]! + 3) - starts[i]!]);
    const segments = normaliseTranscript(cues(...rows));
    expect(segments.map((segment) => segment.text)).toEqual([lines.slice(0, 4).join(" "), lines.slice(4).join(" ")]);
    // The first segment's speech ends about 1.6 s after its last line starts, not when the next segment starts.
    expect(segments[0]!.endMs).toBe(6400);
    expect(segments[1]!.startMs).toBe(10_000);
    expectValidTimeline(segments);
  });

  test("a single cue longer than the caps is kept whole, not dropped", () => {
    const text = "x".repeat(500);
    expect(normaliseTranscript(cues([text, 0, 45]))).toEqual([{ index: 0, startMs: 0, endMs: 45_000, text }]);
  });

  test("non-speech cues are dropped and do not glue sentences across them", () => {
    const segments = normaliseTranscript(cues(["[Music]", 0, 5], ["Hello and welcome.", 5, 2], ["♪ ♪", 7, 3], ["(applause)", 10, 2], ["Let's begin.", 12, 1]));
    expect(segments.map((segment) => [segment.text, segment.startMs])).toEqual([
      ["Hello and welcome.", 5000],
      ["Let's begin.", 12000],
    ]);
  });

  test("overlapping cues are clipped so segments never overlap", () => {
    const segments = normaliseTranscript(cues(["First sentence here.", 0, 5], ["Second one.", 3, 4], ["Third.", 6, 3]));
    expect(segments.map((segment) => [segment.startMs, segment.endMs])).toEqual([
      [0, 3000],
      [3000, 6000],
      [6000, 9000],
    ]);
  });

  test("cues out of order are sorted by start", () => {
    const segments = normaliseTranscript(cues(["Second.", 5, 1], ["First.", 1, 1]));
    expect(segments.map((segment) => segment.text)).toEqual(["First.", "Second."]);
  });

  test("negative starts, negative durations and non-finite times are repaired or dropped", () => {
    const segments = normaliseTranscript([
      { text: "Before zero.", startMs: -500, durationMs: 1000 },
      { text: "No length.", startMs: 1000, durationMs: -20 },
      { text: "Broken.", startMs: Number.NaN, durationMs: 1000 },
      { text: "Endless.", startMs: 2000, durationMs: Number.POSITIVE_INFINITY },
      { text: "Fractional.", startMs: 3000.4, durationMs: 999.7 },
    ]);
    expect(segments).toEqual([
      { index: 0, startMs: 0, endMs: 500, text: "Before zero." },
      { index: 1, startMs: 1000, endMs: 1000, text: "No length." },
      { index: 2, startMs: 3000, endMs: 4000, text: "Fractional." },
    ]);
  });

  test("a cue repeated verbatim (rolling auto-captions) is kept once", () => {
    const segments = normaliseTranscript(cues(["so the idea is", 0, 2], ["so the idea is", 1, 2], ["simple.", 3, 1]));
    expect(segments.map((segment) => segment.text)).toEqual(["so the idea is simple."]);
  });

  test("entities, markup and whitespace are cleaned inside merged segments", () => {
    const segments = normaliseTranscript(cues(["<i>Q&amp;A</i>   time,", 0, 1], ["it&#39;s\nnow.", 1, 1]));
    expect(segments[0]?.text).toBe("Q&A time, it's now.");
  });

  test("is deterministic", () => {
    const input = cues(["One fragment", 0, 1], ["and another.", 1, 1], ["Then more", 5, 1]);
    expect(normaliseTranscript(input)).toEqual(normaliseTranscript(input));
  });

  test("does not mutate its input", () => {
    const input = cues(["A.", 2, 1], ["B.", 0, 1]);
    const copy = structuredClone(input);
    normaliseTranscript(input);
    expect(input).toEqual(copy);
  });

  test("a one-hour auto-caption transcript takes a few milliseconds", () => {
    const words = "and then we take the derivative of this function with respect to x so that".split(" ");
    const input: RawCaption[] = Array.from({ length: 1800 }, (_, i) => ({
      text: `${words.slice(i % 5, (i % 5) + 8).join(" ")}${i % 7 === 0 ? "." : ""}`,
      startMs: i * 2000,
      durationMs: 2600,
    }));
    normaliseTranscript(input);
    // The best of three runs: the suite shares the machine's cores with other test files.
    let elapsed = Infinity;
    let segments = normaliseTranscript(input);
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      segments = normaliseTranscript(input);
      elapsed = Math.min(elapsed, performance.now() - started);
    }
    expect(elapsed).toBeLessThan(50);
    expectValidTimeline(segments);
    expect(segments.at(-1)?.endMs).toBe(1799 * 2000 + 2600);
  });
});

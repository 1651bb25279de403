import { Readable } from "node:stream";

import { describe, expect, test } from "vitest";

import { keepKnownCitations, keepKnownCitationsInStream } from "./citations";

const known = { passages: [{ start: 130, end: 190 }], sectionStarts: [0, 325] };

/** The pieces as a stream delivers them: one at a time, asynchronously. */
function piecesOf(...pieces: string[]): AsyncIterable<string> {
  return Readable.from(pieces);
}

async function collect(pieces: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of pieces) out.push(piece);
  return out;
}

describe("keepKnownCitations", () => {
  test("keeps citations inside a given passage or at a section start, removes made-up ones", () => {
    expect(keepKnownCitations("Two pointers [2:10] and [3:00]; cost [5:25].", known)).toBe("Two pointers [2:10] and [3:00]; cost [5:25].");
    expect(keepKnownCitations("Made up [9:59] here, and real [2:30].", known)).toBe("Made up here, and real [2:30].");
    expect(keepKnownCitations("No citations at all.", known)).toBe("No citations at all.");
  });
});

describe("keepKnownCitationsInStream", () => {
  test("gives the same text as the whole-answer filter, however the pieces fall", async () => {
    const answer = "Made up [9:59] here, real [2:30], a list [1] and [note], then [0:00] and [1:02:03].";
    const whole = keepKnownCitations(answer, known);
    for (const size of [1, 2, 3, 5, 7, 11, 100]) {
      const pieces = answer.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
      expect((await collect(keepKnownCitationsInStream(piecesOf(...pieces), known))).join("")).toBe(whole);
    }
  });

  test("never lets a made-up moment out, even in part", async () => {
    const out = await collect(keepKnownCitationsInStream(piecesOf("See [9", ":5", "9] for it"), known));
    expect(out.join("")).toBe("See for it");
    expect(out.some((piece) => piece.includes("[9"))).toBe(false);
  });

  test("passes plain text through piece by piece, without waiting for the end", async () => {
    const source = piecesOf("One ", "two ", "three");
    const stream = keepKnownCitationsInStream(source, known)[Symbol.asyncIterator]();
    expect((await stream.next()).value).toBe("One");
    expect((await stream.next()).value).toBe(" two");
  });

  test("an unclosed bracket at the end is flushed as text", async () => {
    expect((await collect(keepKnownCitationsInStream(piecesOf("Ends with [1:2"), known))).join("")).toBe("Ends with [1:2");
  });
});

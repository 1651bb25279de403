/**
 * Transcripts as automatic captions give them, for measuring that the offline engine does not
 * depend on a creator's punctuation and sentence-per-line captions.
 */
import { normaliseTranscript } from "~/server/video/transcript";
import type { RawCaption, TimedSegment } from "~/server/video/types";

/** A small deterministic hash (FNV-1a), so simulated caption lines vary in length without randomness. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The transcript as the app would store it from automatic captions: the simulated caption cues
 * through the same normalisation as fetched captions (transcript.ts).
 */
export function simulateAutoCaptions(segments: readonly TimedSegment[]): TimedSegment[] {
  return normaliseTranscript(simulateAutoCaptionCues(segments));
}

/**
 * The cues automatic captions would give: each segment's words spread evenly over its time,
 * re-cut into lines of 4-6 s, lower-cased, with no punctuation but inner apostrophes. Like
 * YouTube's rolling captions, each line stays up until the next one is done, so the cues overlap
 * and their ends hide every pause.
 */
export function simulateAutoCaptionCues(segments: readonly TimedSegment[]): RawCaption[] {
  const timed: { word: string; startMs: number; endMs: number }[] = [];
  for (const s of segments) {
    const words = s.text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .split(/\s+/)
      .map((w) => w.replace(/[^\p{L}\p{N}']+/gu, "").replace(/^'+|'+$/g, ""))
      .filter(Boolean);
    const step = Math.max(0, s.endMs - s.startMs) / Math.max(1, words.length);
    words.forEach((word, k) => timed.push({ word, startMs: s.startMs + k * step, endMs: s.startMs + (k + 1) * step }));
  }
  const lines: TimedSegment[] = [];
  let words: typeof timed = [];
  const flush = () => {
    if (!words.length) return;
    lines.push({
      index: lines.length,
      startMs: Math.round(words[0]!.startMs),
      endMs: Math.round(words[words.length - 1]!.endMs),
      text: words.map((w) => w.word).join(" "),
    });
    words = [];
  };
  let lineMs = 0;
  for (const w of timed) {
    if (words.length && w.startMs - words[0]!.startMs >= lineMs) flush();
    if (!words.length) lineMs = 4_000 + (hash(`${lines.length}:${w.word}`) % 2_001);
    words.push(w);
  }
  flush();
  return lines.map((line, k) => ({ text: line.text, startMs: line.startMs, durationMs: (lines[k + 1]?.endMs ?? line.endMs) - line.startMs }));
}

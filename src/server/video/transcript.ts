import { endsSentence, isPunctuated } from "~/lib/sentences";

import type { RawCaption, TimedSegment } from "./types";

/**
 * Turns caption cues (line-sized, overlapping, full of markup and sound tags) into clean,
 * sentence-sized segments with monotonic, non-overlapping times. The structuring engines cite
 * these segments by index, so the output must be deterministic for a given input.
 */

/** A pause longer than this ends a segment even without punctuation. */
const PAUSE_BREAK_MS = 2_000;
/** Caps that keep a segment sentence-sized when punctuation does not end it first. */
type SegmentCaps = { ms: number; chars: number };
/** With punctuation, only a run-on sentence reaches these. */
const PUNCTUATED_CAPS: SegmentCaps = { ms: 30_000, chars: 400 };
/**
 * Auto-captions carry no punctuation: a spoken sentence's length or so. Finer segments also let
 * the offline engine put a chapter where the topic turns, not up to half a minute off.
 */
const UNPUNCTUATED_CAPS: SegmentCaps = { ms: 12_000, chars: 150 };

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  times: "×",
  divide: "÷",
  deg: "°",
  plusmn: "±",
  pi: "π",
  lrm: "",
  rlm: "",
  shy: "",
  zwj: "",
  zwnj: "",
};

/** Markup of SRT, WebVTT and YouTube captions; a closed list so "a <b and c> d" in maths survives. */
const MARKUP_TAG = /<\/?(?:i|b|u|s|c|v|lang|ruby|rt|font|span|em|strong|br|p)(?:[.\s][^<>]*)?\/?>|<\d{1,2}:\d{2}(?::\d{2})?[.,]\d{3}>/gi;
/** `{\an8}`-style positioning overrides some SRT files carry. */
const ASS_OVERRIDE = /\{\\[^{}]*\}/g;
const MUSIC_NOTES = /[♪♫🎵🎶]/u;
const LYRICS = /[♪♫🎵🎶][^♪♫🎵🎶]*[♪♫🎵🎶]/gu;
const SQUARE_ANNOTATION = /\[\s*[\p{L}' -]{1,40}\s*\]/gu;
const PAREN_ANNOTATION = /\(\s*([\p{L}' -]{1,40})\s*\)/gu;
/** YouTube marks a change of speaker with ">>". */
const SPEAKER_CHANGE = /(^|\s)>>(?=\s|$)/g;

/** Words of parenthesised sound descriptions; "(x)" or "(the proof)" are speech and stay. */
const SOUND_WORDS = new Set(
  (
    "music musical playing plays upbeat soft dramatic gentle intense light cheerful background laughter laughs " +
    "laughing laugh audience applause applauding clapping cheering cheers inaudible indistinct chattering chatter " +
    "silence silent sighs sigh coughs coughing clears throat crowd noise static beep beeping whooshing whoosh " +
    "foreign speaking language crosstalk chuckles chuckling gasps groans sniffles bell rings ringing blank audio " +
    "no sound effect effects instrumental outro intro theme"
  ).split(" "),
);

export function normaliseTranscript(captions: readonly RawCaption[]): TimedSegment[] {
  const cues = withSpeechEnds(cleanCues(captions));
  const segments = mergeIntoSentences(cues);
  return enforceTimeline(segments);
}

type Cue = { text: string; startMs: number; endMs: number };

function cleanCues(captions: readonly RawCaption[]): Cue[] {
  const cues: Cue[] = [];
  for (const caption of captions) {
    if (!Number.isFinite(caption.startMs) || !Number.isFinite(caption.durationMs)) continue;
    const text = cleanCaptionText(caption.text);
    if (text === "") continue;
    const startMs = Math.max(0, Math.round(caption.startMs));
    const endMs = Math.max(startMs, Math.round(caption.startMs + Math.max(0, caption.durationMs)));
    cues.push({ text, startMs, endMs });
  }
  // A stable sort: cues with equal starts keep their source order.
  cues.sort((a, b) => a.startMs - b.startMs);
  return dropRepeatedCues(cues);
}

const wordCount = (text: string) => text.split(" ").length;

/**
 * Rolling auto-captions show each line until the next one is done, so a cue's end says nothing
 * about when its speech stopped, and every pause between lines is hidden. There a cue's speech
 * is taken to end after its words at the stream's usual pace (the median time per word from one
 * cue's start to the next), so a long silence before the next line shows as a gap again. Cues
 * that do not run into the next keep their own end.
 */
function withSpeechEnds(cues: Cue[]): Cue[] {
  const paces: number[] = [];
  for (let i = 1; i < cues.length; i++) {
    const spacing = cues[i]!.startMs - cues[i - 1]!.startMs;
    if (spacing > 0) paces.push(spacing / wordCount(cues[i - 1]!.text));
  }
  if (paces.length === 0) return cues;
  paces.sort((a, b) => a - b);
  const msPerWord = paces[Math.floor(paces.length / 2)]!;
  return cues.map((cue, i) => {
    const next = cues[i + 1];
    if (next === undefined || cue.endMs <= next.startMs) return cue;
    const spoken = cue.startMs + Math.round(wordCount(cue.text) * msPerWord);
    return { ...cue, endMs: Math.max(cue.startMs, Math.min(cue.endMs, next.startMs, spoken)) };
  });
}

/** The speech in one cue: markup, sound tags and lyrics removed, entities decoded, spaces collapsed. */
export function cleanCaptionText(raw: string): string {
  let text = raw.replace(MARKUP_TAG, " ").replace(ASS_OVERRIDE, " ");
  text = decodeHtmlEntities(text).replace(SPEAKER_CHANGE, " ");
  text = text.replace(LYRICS, " ");
  if (MUSIC_NOTES.test(text)) text = text.replace(/[♪♫🎵🎶]/gu, " ");
  text = text.replace(SQUARE_ANNOTATION, " ").replace(PAREN_ANNOTATION, (match, inner: string) => (isSoundDescription(inner) ? " " : match));
  return collapseWhitespace(text);
}

function isSoundDescription(inner: string): boolean {
  const words = inner
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((word) => word !== "");
  return words.length > 0 && words.every((word) => SOUND_WORDS.has(word));
}

/** Decodes one level of entities (`&amp;lt;` becomes `&lt;`, as the author wrote it). */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,9});/gi, (entity, body: string) => {
    if (body.startsWith("#")) {
      const codePoint = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return isPrintableCodePoint(codePoint) ? String.fromCodePoint(codePoint) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

function isPrintableCodePoint(codePoint: number): boolean {
  if (!Number.isInteger(codePoint) || codePoint <= 0 || codePoint > 0x10ffff) return false;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
  return codePoint >= 0x20 || codePoint === 0x09 || codePoint === 0x0a;
}

function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0\u200b\ufeff]+/g, " ").trim();
}

/** Rolling auto-captions repeat a cue verbatim; keep one copy spanning both. */
function dropRepeatedCues(cues: Cue[]): Cue[] {
  const kept: Cue[] = [];
  for (const cue of cues) {
    const previous = kept.at(-1);
    if (previous !== undefined && previous.text === cue.text && cue.startMs <= previous.endMs + PAUSE_BREAK_MS) {
      previous.endMs = Math.max(previous.endMs, cue.endMs);
      continue;
    }
    kept.push({ ...cue });
  }
  return kept;
}

type Draft = { parts: string[]; length: number; startMs: number; endMs: number };

function mergeIntoSentences(cues: readonly Cue[]): Draft[] {
  const caps = isPunctuated(cues) ? PUNCTUATED_CAPS : UNPUNCTUATED_CAPS;
  const drafts: Draft[] = [];
  let current: Draft | null = null;
  for (const cue of cues) {
    if (current !== null && shouldBreakBefore(current, cue, caps)) {
      drafts.push(current);
      current = null;
    }
    if (current === null) current = { parts: [], length: 0, startMs: cue.startMs, endMs: cue.endMs };
    current.parts.push(cue.text);
    current.length += cue.text.length + (current.parts.length > 1 ? 1 : 0);
    current.endMs = Math.max(current.endMs, cue.endMs);
    if (endsSentence(cue.text)) {
      drafts.push(current);
      current = null;
    }
  }
  if (current !== null) drafts.push(current);
  return drafts;
}

function shouldBreakBefore(draft: Draft, next: Cue, caps: SegmentCaps): boolean {
  if (next.startMs - draft.endMs > PAUSE_BREAK_MS) return true;
  if (next.endMs - draft.startMs > caps.ms) return true;
  return draft.length + 1 + next.text.length > caps.chars;
}

/** Overlapping cues are common (each auto-caption runs into the next): clip every end to the next start. */
function enforceTimeline(drafts: readonly Draft[]): TimedSegment[] {
  return drafts.map((draft, index) => {
    const nextStart = drafts[index + 1]?.startMs ?? Number.POSITIVE_INFINITY;
    return {
      index,
      startMs: draft.startMs,
      endMs: Math.max(draft.startMs, Math.min(draft.endMs, nextStart)),
      text: draft.parts.join(" "),
    };
  });
}

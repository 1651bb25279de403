/** The pure rules of the transcript panel and its service: which section and which line a moment falls in, and search. */
import { ARABIC_MARKS, UNSPACED_GAP } from "./writing";

export type TimeRange = { start: number; end: number | null };

/**
 * The last of `ranges` (sorted by start) that has started at `seconds` and, if it has an end,
 * not yet ended; null before the first one or in a gap. Binary search: 3,600 lines × 40 sections
 * cost nothing.
 */
export function sectionAt<Range extends TimeRange>(ranges: readonly Range[], seconds: number): Range | null {
  const index = lastStartedIndex(ranges, seconds);
  if (index < 0) return null;
  const range = ranges[index]!;
  return range.end !== null && seconds >= range.end ? null : range;
}

/**
 * The index of the line being spoken at `seconds` in `lines` (sorted by start): the last line
 * that has started, so that a pause between lines keeps the previous one highlighted; -1 before
 * the first line.
 */
export function activeLineIndex(lines: readonly { start: number }[], seconds: number): number {
  return lastStartedIndex(lines, seconds);
}

function lastStartedIndex(items: readonly { start: number }[], seconds: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.start <= seconds) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * What a search compares: case folded, so "Tree" finds "tree" and "TREE"; Arabic with or without
 * its short vowels; Chinese and Japanese without a caption's line break inside a word ("导 数"
 * is found as 导数).
 */
const foldForSearch = (text: string) => text.toLocaleLowerCase("en-US").replace(UNSPACED_GAP, "").replace(ARABIC_MARKS, "");

/** The indexes of the lines whose text holds `query` (trimmed, as folded); none for an empty query. */
export function matchingLines(lines: readonly { text: string }[], query: string): number[] {
  const needle = foldForSearch(query.trim());
  if (needle === "") return [];
  const found: number[] = [];
  lines.forEach((line, index) => {
    if (foldForSearch(line.text).includes(needle)) found.push(index);
  });
  return found;
}

/**
 * foldForSearch one character at a time, with where in `text` each unit of the result comes from
 * (`from[k]`; `from[folded.length]` is the text's end).
 */
function foldWithSources(text: string): { folded: string; from: number[] } {
  const dropped = new Set<number>();
  for (const gap of text.matchAll(UNSPACED_GAP)) for (let k = gap.index; k < gap.index + gap[0].length; k += 1) dropped.add(k);
  let folded = "";
  const from: number[] = [];
  for (let at = 0; at < text.length;) {
    const character = String.fromCodePoint(text.codePointAt(at)!);
    if (!dropped.has(at) && character.replace(ARABIC_MARKS, "") !== "") {
      const lower = character.toLocaleLowerCase("en-US");
      folded += lower;
      for (let k = 0; k < lower.length; k += 1) from.push(at);
    }
    at += character.length;
  }
  from.push(text.length);
  return { folded, from };
}

export type TextPart = { text: string; match: boolean };

/**
 * `text` cut into the parts that match `query` (as folded) and the rest, for highlighting. Where
 * casing a whole line differs from casing it letter by letter (a Greek final sigma), the line is
 * shown whole and unmarked rather than marked at the wrong place.
 */
export function highlightParts(text: string, query: string): TextPart[] {
  const needle = foldForSearch(query.trim());
  const whole = [{ text, match: false }];
  if (needle === "") return whole;
  const { folded, from } = foldWithSources(text);
  if (folded !== foldForSearch(text)) return whole;
  const parts: TextPart[] = [];
  let offset = 0;
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    const start = from[at]!;
    // The match runs to where the next folded character starts, less a line break dropped after it.
    let end = from[at + needle.length]!;
    while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
    if (start > offset) parts.push({ text: text.slice(offset, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    offset = end;
  }
  if (offset < text.length) parts.push({ text: text.slice(offset), match: false });
  return parts.length > 0 ? parts : whole;
}

/** The match to move to from `current` (an index into `matches`, or -1 for none yet) by `step` (±1), wrapping. */
export function stepMatch(matchCount: number, current: number, step: 1 | -1): number {
  if (matchCount === 0) return -1;
  if (current < 0) return step === 1 ? 0 : matchCount - 1;
  return (current + step + matchCount) % matchCount;
}

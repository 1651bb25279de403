/** The pure rules of the transcript panel and its service: which section and which line a moment falls in, and search. */

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

/** What a search compares: case folded, so "Tree" finds "tree" and "TREE". */
export const foldForSearch = (text: string) => text.toLocaleLowerCase("en-US");

/** The indexes of the lines whose text holds `query` (trimmed, any case); none for an empty query. */
export function matchingLines(lines: readonly { text: string }[], query: string): number[] {
  const needle = foldForSearch(query.trim());
  if (needle === "") return [];
  const found: number[] = [];
  lines.forEach((line, index) => {
    if (foldForSearch(line.text).includes(needle)) found.push(index);
  });
  return found;
}

export type TextPart = { text: string; match: boolean };

/**
 * `text` cut into the parts that match `query` and the rest, for highlighting. Folding may change
 * a string's length (e.g. "İ"), in which case the line is shown whole and unmarked rather than
 * marked at the wrong place.
 */
export function highlightParts(text: string, query: string): TextPart[] {
  const needle = foldForSearch(query.trim());
  const folded = foldForSearch(text);
  if (needle === "" || folded.length !== text.length) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let offset = 0;
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    if (at > offset) parts.push({ text: text.slice(offset, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    offset = at + needle.length;
  }
  if (offset < text.length) parts.push({ text: text.slice(offset), match: false });
  return parts.length > 0 ? parts : [{ text, match: false }];
}

/** The match to move to from `current` (an index into `matches`, or -1 for none yet) by `step` (±1), wrapping. */
export function stepMatch(matchCount: number, current: number, step: 1 | -1): number {
  if (matchCount === 0) return -1;
  if (current < 0) return step === 1 ? 0 : matchCount - 1;
  return (current + step + matchCount) % matchCount;
}

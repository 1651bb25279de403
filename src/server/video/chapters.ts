import type { CreatorChapter } from "./types";

/**
 * The creator's chapters, read from a video description the way YouTube reads them: a block of
 * lines with timestamps that starts at 0:00, ascends, has at least three chapters each at least
 * ten seconds long, and stays inside the video. Anything else yields no chapters at all, as on
 * YouTube, because a half-valid list (a "Corrections: 9:40 …" note after the real list) is a
 * worse guide to the video's structure than none.
 */

const MIN_CHAPTERS = 3;
const MIN_CHAPTER_SECONDS = 10;

/** h:mm:ss, or m:ss / mm:ss / mmm:ss (a long video written in minutes only). */
const TIMESTAMP = String.raw`(?:(\d{1,2}):([0-5]\d):([0-5]\d)|(\d{1,3}):([0-5]\d))(?![\d]|:\d)`;
const BULLET = String.raw`(?:[-–—•*·▶►]\s*)?`;
const LEADING_TIMESTAMP = new RegExp(String.raw`^\s*${BULLET}[\[(]?${TIMESTAMP}[\])]?(.*)$`);
/** The title, then a space, a separator or a bracket (so "example.org/0:00" is not a chapter), then the time. */
const TRAILING_TIMESTAMP = new RegExp(String.raw`^(.*?\S)(?:\s+[-–—|:]?\s*|\s*[-–—|]\s*|(?=[\[(]))[\[(]?${TIMESTAMP}[\])]?\s*$`);
const EDGE_SEPARATORS_START = /^[\s\-–—|:.•*·]+/;
const EDGE_SEPARATORS_END = /[\s\-–—|:•*·]+$/;

type ChapterLine = { startSeconds: number; title: string };
type Line = ChapterLine | "blank" | "text";

export function parseCreatorChapters(description: string, durationSeconds: number): CreatorChapter[] {
  const lines = description.split(/\r\n|\r|\n/).map(classifyLine);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (typeof line !== "object" || line.startSeconds !== 0) continue;
    const chapters = validateBlock(collectBlock(lines, index), durationSeconds);
    if (chapters.length > 0) {
      return chapters.map((chapter) => ({ title: chapter.title, startMs: chapter.startSeconds * 1000 }));
    }
  }
  return [];
}

/** One description line as a chapter (timestamp first or last), a blank line, or other text. */
export function parseChapterLine(line: string): ChapterLine | null {
  const leading = LEADING_TIMESTAMP.exec(line);
  if (leading) return toChapterLine(leading.slice(1, 6), leading[6] ?? "");
  const trailing = TRAILING_TIMESTAMP.exec(line);
  if (trailing) return toChapterLine(trailing.slice(2, 7), trailing[1] ?? "");
  return null;
}

function classifyLine(line: string): Line {
  if (line.trim() === "") return "blank";
  return parseChapterLine(line) ?? "text";
}

function toChapterLine(timeParts: (string | undefined)[], rawTitle: string): ChapterLine | null {
  const title = rawTitle.replace(EDGE_SEPARATORS_START, "").replace(EDGE_SEPARATORS_END, "");
  if (title === "") return null;
  return { startSeconds: timestampSeconds(timeParts), title };
}

function timestampSeconds([hours, minutes, seconds, minutesOnly, secondsOfMinutes]: (string | undefined)[]): number {
  if (hours !== undefined) return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return Number(minutesOnly) * 60 + Number(secondsOfMinutes);
}

/**
 * The chapter lines from a 0:00 line on: blank lines may separate them; the block ends at the
 * first line of other text or the first timestamp that does not move forward.
 */
function collectBlock(lines: readonly Line[], from: number): ChapterLine[] {
  const block: ChapterLine[] = [];
  for (const line of lines.slice(from)) {
    if (line === "blank") continue;
    if (line === "text") break;
    const previous = block.at(-1);
    if (previous !== undefined && line.startSeconds <= previous.startSeconds) break;
    block.push(line);
  }
  return block;
}

function validateBlock(block: readonly ChapterLine[], durationSeconds: number): ChapterLine[] {
  const knownDuration = Number.isFinite(durationSeconds) && durationSeconds > 0;
  const inside = knownDuration ? block.filter((chapter) => chapter.startSeconds < durationSeconds) : [...block];
  if (inside.length < MIN_CHAPTERS) return [];
  const ends = inside.map((_, index) => inside[index + 1]?.startSeconds ?? (knownDuration ? durationSeconds : Number.POSITIVE_INFINITY));
  const allLongEnough = inside.every((chapter, index) => (ends[index] ?? 0) - chapter.startSeconds >= MIN_CHAPTER_SECONDS);
  return allLongEnough ? inside : [];
}

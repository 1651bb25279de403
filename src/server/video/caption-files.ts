import type { RawCaption } from "./types";

/**
 * SubRip (.srt) and WebVTT (.vtt) readers for the local library. Lenient with what real files
 * do (missing cue numbers, '.' for ',' and the reverse, CRLF, a BOM, positioning after the
 * times, blank lines inside a cue) and strict only about what makes a file unusable: no cue at
 * all, or a WebVTT file without its header.
 */

export class CaptionFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CaptionFileError";
  }
}

export type CaptionFormat = "srt" | "vtt";

const TIME = String.raw`(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})`;
const TIMING_LINE = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s+.*)?$`);
/** Inline markup of both formats; entities are left for the transcript normaliser to decode. */
const CUE_MARKUP = /<\/?(?:i|b|u|s|c|v|lang|ruby|rt|font|span)(?:[.\s][^<>]*)?>|<\d+:\d{2}:\d{2}[.,]\d{3}>|<\d{2}:\d{2}[.,]\d{3}>|\{\\[^{}]*\}/gi;

export function parseCaptionFile(format: CaptionFormat, content: string): RawCaption[] {
  return format === "srt" ? parseSrt(content) : parseWebVtt(content);
}

export function parseSrt(content: string): RawCaption[] {
  const captions: RawCaption[] = [];
  for (const block of splitBlocks(content)) {
    const timingIndex = block.findIndex((line) => TIMING_LINE.test(line));
    const previous = captions.at(-1);
    if (timingIndex === -1) {
      // A blank line inside a cue's text splits it in two blocks; the second belongs to the first.
      if (previous !== undefined) previous.text = joinCueLines([previous.text, ...block]);
      continue;
    }
    const caption = captionFrom(block, timingIndex);
    if (caption !== null) captions.push(caption);
  }
  if (captions.length === 0) throw new CaptionFileError("no SubRip cue with a valid time line");
  return captions;
}

export function parseWebVtt(content: string): RawCaption[] {
  const [header, ...blocks] = splitBlocks(content);
  if (header === undefined || !/^WEBVTT(?:[ \t].*)?$/.test(header[0] ?? "")) {
    throw new CaptionFileError('a WebVTT file must start with "WEBVTT"');
  }
  const captions: RawCaption[] = [];
  // The header block may itself hold a cue when the file has no blank line after WEBVTT.
  for (const block of [header.slice(1), ...blocks]) {
    const first = block[0] ?? "";
    if (/^(?:NOTE|STYLE|REGION)(?:\s|$)/.test(first)) continue;
    const timingIndex = block.findIndex((line) => TIMING_LINE.test(line));
    // Cue identifiers are one line; a time line further down means this is not a cue.
    if (timingIndex === -1 || timingIndex > 1) continue;
    const caption = captionFrom(block, timingIndex);
    if (caption !== null) captions.push(caption);
  }
  if (captions.length === 0) throw new CaptionFileError("no WebVTT cue with a valid time line");
  return captions;
}

/** Lines grouped by blank lines, after dropping a BOM and normalising line ends. */
function splitBlocks(content: string): string[][] {
  const lines = content.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === "") {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

function captionFrom(block: readonly string[], timingIndex: number): RawCaption | null {
  const timing = TIMING_LINE.exec(block[timingIndex] ?? "");
  if (!timing) return null;
  const startMs = timeMs(timing.slice(1, 5));
  const endMs = timeMs(timing.slice(5, 9));
  if (startMs === null || endMs === null) return null;
  const text = joinCueLines(block.slice(timingIndex + 1));
  return { text, startMs, durationMs: Math.max(0, endMs - startMs) };
}

function joinCueLines(lines: readonly string[]): string {
  return lines
    .map((line) => line.replace(CUE_MARKUP, "").trim())
    .filter((line) => line !== "")
    .join(" ");
}

function timeMs([hours, minutes, seconds, fraction]: (string | undefined)[]): number | null {
  const minuteValue = Number(minutes);
  const secondValue = Number(seconds);
  if (minuteValue > 59 || secondValue > 59) return null;
  // "1.5" in a sloppy file means 500 ms, as written: pad the fraction to milliseconds.
  const milliseconds = Number((fraction ?? "0").padEnd(3, "0"));
  return (Number(hours ?? 0) * 3600 + minuteValue * 60 + secondValue) * 1000 + milliseconds;
}

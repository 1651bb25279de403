/**
 * The plain-text layout of a section's content, shared by the offline engine that writes it and
 * the course page that shows it. It reads as it is (in an API reply or the Markdown export):
 *
 *   Key points
 *   - [1:05] A sentence of the video.
 *   - [2:40] Another one.
 *
 *   Transcript
 *
 *   The cleaned transcript, in paragraphs.
 *
 * Times are the chat tutor's [m:ss] citations (~/lib/timestamps), so the page turns them into
 * seek buttons with the parser the chat uses. Content from the LLM engine has no such layout and
 * shows as its paragraphs.
 */
import { formatTimestamp, parseTimestampCitations } from "./timestamps";

export const KEY_POINTS_HEADING = "Key points";
export const TRANSCRIPT_HEADING = "Transcript";

export type KeyPoint = { seconds: number; text: string };

/** The key points block followed by the transcript's paragraphs; only the paragraphs when there are no points. */
export function layoutSectionContent(points: readonly KeyPoint[], paragraphs: readonly string[]): string {
  if (points.length === 0) return paragraphs.join("\n\n");
  const list = points.map((point) => `- [${formatTimestamp(point.seconds)}] ${point.text}`);
  const parts = [[KEY_POINTS_HEADING, ...list].join("\n")];
  if (paragraphs.length > 0) parts.push(TRANSCRIPT_HEADING, ...paragraphs);
  return parts.join("\n\n");
}

/** A run of text, or a [m:ss] citation inside it. */
export type ContentPiece = { kind: "text"; text: string } | { kind: "time"; seconds: number };

export type ContentBlock = { kind: "heading"; text: string } | { kind: "list"; items: ContentPiece[][] } | { kind: "paragraph"; pieces: ContentPiece[] };

/** Splits text on [m:ss] / [h:mm:ss] citations. */
export function contentPieces(text: string): ContentPiece[] {
  const pieces: ContentPiece[] = [];
  let offset = 0;
  for (const { raw, seconds, index } of parseTimestampCitations(text)) {
    if (index > offset) pieces.push({ kind: "text", text: text.slice(offset, index) });
    pieces.push({ kind: "time", seconds });
    offset = index + raw.length;
  }
  if (offset < text.length) pieces.push({ kind: "text", text: text.slice(offset) });
  return pieces;
}

const LIST_ITEM = /^- /;

/**
 * Any section's content as blocks to render: the two headings of the layout above, runs of "- "
 * lines as lists, everything else as paragraphs (their line breaks kept); citations anywhere.
 */
export function parseSectionContent(content: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const chunk of content.split(/\n\s*\n/)) {
    const lines = chunk.split("\n").filter((line) => line.trim() !== "");
    if (lines.length === 0) continue;
    const first = lines[0]!.trim();
    if (lines.length === 1 && (first === KEY_POINTS_HEADING || first === TRANSCRIPT_HEADING)) {
      blocks.push({ kind: "heading", text: first });
      continue;
    }
    let rest = lines;
    if (first === KEY_POINTS_HEADING && lines.slice(1).every((line) => LIST_ITEM.test(line))) {
      blocks.push({ kind: "heading", text: first });
      rest = lines.slice(1);
    }
    if (rest.every((line) => LIST_ITEM.test(line))) blocks.push({ kind: "list", items: rest.map((line) => contentPieces(line.replace(LIST_ITEM, ""))) });
    else blocks.push({ kind: "paragraph", pieces: contentPieces(rest.join("\n")) });
  }
  return blocks;
}

/** Markdown beyond the layout above (emphasis, code, headings, links, numbered lists, quotes): its owner wrote some. */
const MARKDOWN = /\*\*[^*\n]+\*\*|__[^_\n]+__|(?:^|\s)[*_][^*_\s][^*_\n]*[*_](?=\s|[.,;:!?)]|$)|`[^`\n]+`|^#{1,6}\s|\[[^\]\n]+\]\([^)\s]+\)|^\s*\d+\.\s|^>\s/m;

export function looksLikeMarkdown(content: string): boolean {
  return MARKDOWN.test(content);
}

/**
 * Where a time cited in a section's text plays from: times are whole seconds, so the section's
 * first sentence can be cited up to a second before the section starts; it plays from the start
 * (else the player would show the previous section).
 */
export function citedMoment(seconds: number, sectionStart: number): number {
  return seconds < sectionStart && sectionStart - seconds < 1 ? sectionStart : seconds;
}

/**
 * The rules an owner's edit of a course keeps to (services/editing checks them; the editor shows
 * them before a request), and the text work of a split and a merge. Pure and zod-free, so the
 * course page can import it without the schemas.
 */
import { KEY_POINTS_HEADING, TRANSCRIPT_HEADING } from "./section-content";
import { parseTimestampCitations } from "./timestamps";
import { EDIT_MESSAGES, MIN_SECTION_SECONDS } from "~/lib/rules/editing";

export type TimedSection = { id: number; timeStart: number; timeEnd: number | null };
export type OutlineVideo = { offsetSeconds: number; durationSeconds: number };

/** A section's span on the course timeline, and the index of the video it belongs to. */
export type SectionSpan = { id: number; start: number; end: number; video: number };

/** The video (index) a course time falls in; a time past the end belongs to the last video. */
function videoIndexAt(videos: readonly OutlineVideo[], seconds: number): number {
  let index = 0;
  for (let k = 0; k < videos.length; k += 1) if (videos[k]!.offsetSeconds <= seconds) index = k;
  return index;
}

/** The end of video `index` on the course timeline (the course's length for a course without videos: Infinity). */
function videoEnd(videos: readonly OutlineVideo[], index: number): number {
  const video = videos[index];
  return video ? video.offsetSeconds + video.durationSeconds : Number.POSITIVE_INFINITY;
}

/**
 * The spans of a course's sections in outline order: a section without a stored end (courses from
 * before ends were kept) ends where the next section of its video starts, or where its video ends.
 */
export function sectionSpans(sections: readonly TimedSection[], videos: readonly OutlineVideo[]): SectionSpan[] {
  return sections.map((section, k) => {
    const video = videoIndexAt(videos, section.timeStart);
    const next = sections[k + 1];
    // A course without videos (none has been made since playlists came) has no end to fall back on.
    const fallback = next && videoIndexAt(videos, next.timeStart) === video ? next.timeStart : videos.length > 0 ? videoEnd(videos, video) : section.timeStart;
    return { id: section.id, start: section.timeStart, end: section.timeEnd ?? fallback, video };
  });
}

/**
 * Where a moved start may go: inside the section's own video, at least MIN_SECTION_SECONDS after
 * the previous section's start when that section shares the video (its end moves with it), and at
 * least MIN_SECTION_SECONDS before the section's end. Null when it may.
 */
export function moveStartProblem(spans: readonly SectionSpan[], index: number, to: number, videos: readonly OutlineVideo[]): string | null {
  const span = spans[index]!;
  const video = videos[span.video];
  if (video && (to < video.offsetSeconds || to >= videoEnd(videos, span.video))) return EDIT_MESSAGES.ownVideo;
  const previous = spans[index - 1];
  if (previous && previous.video === span.video && to - previous.start < MIN_SECTION_SECONDS) return EDIT_MESSAGES.tooShort;
  if (span.end - to < MIN_SECTION_SECONDS) return EDIT_MESSAGES.tooShort;
  return null;
}

/** Whether a section can be split at `at`: both halves at least MIN_SECTION_SECONDS. */
export function canSplitAt(span: Pick<SectionSpan, "start" | "end">, at: number): boolean {
  return at - span.start >= MIN_SECTION_SECONDS && span.end - at >= MIN_SECTION_SECONDS;
}

/* ─────────────────────────────────────────────────────────────── contents of a split and a merge */

type Layout = { points: { seconds: number; line: string }[]; paragraphs: string[] };

/** A content in the offline engine's layout (key points, then the transcript), or null for any other text. */
function readLayout(content: string): Layout | null {
  const chunks = content.split(/\n\s*\n/).map((chunk) => chunk.trim());
  const first = chunks[0]?.split("\n") ?? [];
  if (first[0]?.trim() !== KEY_POINTS_HEADING) return null;
  const lines = first.slice(1).filter((line) => line.trim() !== "");
  const points: Layout["points"] = [];
  for (const line of lines) {
    const cited = parseTimestampCitations(line)[0];
    if (!line.startsWith("- ") || !cited) return null;
    points.push({ seconds: cited.seconds, line });
  }
  const rest = chunks.slice(1).filter((chunk) => chunk !== "");
  const paragraphs = rest[0] === TRANSCRIPT_HEADING ? rest.slice(1) : rest;
  return { points, paragraphs };
}

function writeLayout(layout: Layout): string {
  const parts: string[] = [];
  if (layout.points.length > 0) parts.push([KEY_POINTS_HEADING, ...layout.points.map((point) => point.line)].join("\n"));
  if (layout.paragraphs.length > 0) parts.push(...(parts.length > 0 ? [TRANSCRIPT_HEADING] : []), ...layout.paragraphs);
  return parts.join("\n\n");
}

const SENTENCE_END = /(?<=[.!?。！？])\s+/u;

/**
 * Splits paragraphs where `fraction` of their text has gone by: at a paragraph break when one is
 * near, else between sentences. Each side keeps something when there is more than one sentence.
 */
function splitParagraphs(paragraphs: readonly string[], fraction: number): [string[], string[]] {
  const sentences = paragraphs.flatMap((paragraph, p) => paragraph.split(SENTENCE_END).map((text) => ({ text, p })));
  if (sentences.length === 0) return [[], []];
  const total = sentences.reduce((sum, sentence) => sum + sentence.text.length, 0);
  let seen = 0;
  let cut = sentences.length;
  for (let k = 0; k < sentences.length; k += 1) {
    if (seen >= fraction * total) {
      cut = k;
      break;
    }
    seen += sentences[k]!.text.length;
  }
  cut = Math.min(Math.max(cut, 1), Math.max(sentences.length - 1, 1));
  const join = (part: typeof sentences) => {
    const out: string[] = [];
    let last = -1;
    for (const sentence of part) {
      if (sentence.p === last) out[out.length - 1] += ` ${sentence.text}`;
      else out.push(sentence.text);
      last = sentence.p;
    }
    return out;
  };
  return [join(sentences.slice(0, cut)), join(sentences.slice(cut))];
}

/**
 * The contents of the two halves of a section split at `at` (seconds, between `start` and `end`):
 * key points go by their times, the rest of the text by its share of the span.
 */
export function splitContent(content: string, { start, at, end }: { start: number; at: number; end: number }): [string, string] {
  const fraction = end > start ? (at - start) / (end - start) : 0.5;
  const layout = readLayout(content);
  if (!layout) {
    const [first, second] = splitParagraphs(
      content.split(/\n\s*\n/).filter((chunk) => chunk.trim() !== ""),
      fraction,
    );
    return [first.join("\n\n"), second.join("\n\n")];
  }
  const [first, second] = splitParagraphs(layout.paragraphs, fraction);
  return [
    writeLayout({ points: layout.points.filter((point) => point.seconds < at), paragraphs: first }),
    writeLayout({ points: layout.points.filter((point) => point.seconds >= at), paragraphs: second }),
  ];
}

/** The content of two neighbouring sections merged: one layout when both have it, else one text after the other. */
export function mergeContents(first: string, second: string): string {
  const [a, b] = [readLayout(first), readLayout(second)];
  if (a && b) return writeLayout({ points: [...a.points, ...b.points], paragraphs: [...a.paragraphs, ...b.paragraphs] });
  return [first.trim(), second.trim()].filter(Boolean).join("\n\n");
}

/* ───────────────────────────────────────────────────────────────────────── comparing two outlines */

type OutlineSectionView = { id: number; title: string; content: string; timeStart: number; timeEnd: number | null };
export type OutlineView = {
  title: string;
  description: string | null;
  chapters: { id: number; title: string; sections: OutlineSectionView[] }[];
};

export type OutlineDifference =
  | { kind: "courseTitle"; before: string; after: string }
  | { kind: "courseDescription"; before: string | null; after: string | null }
  | { kind: "chapterTitle"; chapterId: number; before: string; after: string }
  | { kind: "sectionAdded"; section: OutlineSectionView }
  | { kind: "sectionRemoved"; section: OutlineSectionView }
  | {
      kind: "sectionChanged";
      sectionId: number;
      /** Its title now. */
      sectionTitle: string;
      title: { before: string; after: string } | null;
      time: { before: [number, number | null]; after: [number, number | null] } | null;
      contentChanged: boolean;
    };

/** What changes from `before` to `after`, in the order of `after`'s outline (removed sections last). */
export function compareOutlines(before: OutlineView, after: OutlineView): OutlineDifference[] {
  const differences: OutlineDifference[] = [];
  if (before.title !== after.title) differences.push({ kind: "courseTitle", before: before.title, after: after.title });
  if ((before.description ?? "") !== (after.description ?? "")) {
    differences.push({ kind: "courseDescription", before: before.description, after: after.description });
  }
  const chaptersBefore = new Map(before.chapters.map((chapter) => [chapter.id, chapter]));
  const sectionsBefore = new Map(before.chapters.flatMap((chapter) => chapter.sections.map((section) => [section.id, section] as const)));
  const seen = new Set<number>();
  for (const chapter of after.chapters) {
    const old = chaptersBefore.get(chapter.id);
    if (old && old.title !== chapter.title) differences.push({ kind: "chapterTitle", chapterId: chapter.id, before: old.title, after: chapter.title });
    for (const section of chapter.sections) {
      seen.add(section.id);
      const was = sectionsBefore.get(section.id);
      if (!was) {
        differences.push({ kind: "sectionAdded", section });
        continue;
      }
      const title = was.title === section.title ? null : { before: was.title, after: section.title };
      const moved = was.timeStart !== section.timeStart || was.timeEnd !== section.timeEnd;
      const time = moved
        ? { before: [was.timeStart, was.timeEnd] as [number, number | null], after: [section.timeStart, section.timeEnd] as [number, number | null] }
        : null;
      const contentChanged = was.content !== section.content;
      if (title || time || contentChanged)
        differences.push({ kind: "sectionChanged", sectionId: section.id, sectionTitle: section.title, title, time, contentChanged });
    }
  }
  for (const [id, section] of sectionsBefore) if (!seen.has(id)) differences.push({ kind: "sectionRemoved", section });
  return differences;
}

import type { BlockContent, Heading, List, ListItem, Paragraph, PhrasingContent, RootContent } from "mdast";

import { momentLabel, type TimelineVideo } from "~/lib/course-timeline";
import { citedMoment, type ContentPiece, parseSectionContent } from "~/lib/section-content";
import { formatTimestamp } from "~/lib/timestamps";
import type { DbClient } from "~/server/db";
import { selectCardsForCourseExport, selectNotesForCourseExport } from "~/server/db/queries/export";
import { consumeLimit, LIMITS } from "~/server/rate-limit";
import { getCourseOrThrow } from "~/server/services/course/get-course";

import type { ExportFile } from "./export-cards";
import { continuing, learnerMarkdown, oneLine, plainParagraphs, plainText, text, writeMarkdown } from "./markdown";
import { asciiFileName, courseMomentUrl } from "./moments";

const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: "paragraph", children });
const heading = (depth: Heading["depth"], ...children: PhrasingContent[]): Heading => ({ type: "heading", depth, children });
const item = (...children: BlockContent[]): ListItem => ({ type: "listItem", spread: false, children });
const list = (items: ListItem[], ordered = false): List => ({ type: "list", ordered, start: ordered ? 1 : null, spread: false, children: items });

/**
 * "m:ss" (from a playlist, "Video 2 · m:ss") linked to the video at that moment, or plain for a
 * course without a video. `playFrom`: where the link plays from, when not the moment itself.
 */
function moment(videos: readonly TimelineVideo[], courseSeconds: number, playFrom = courseSeconds): PhrasingContent {
  const label = text(momentLabel(videos, courseSeconds, formatTimestamp));
  const url = courseMomentUrl(videos, playFrom);
  return url ? { type: "link", url, title: null, children: [label] } : label;
}

/** A run of a section's text as plain text, its [m:ss] citations as moments (as the course page shows them): line breaks kept, edges trimmed. */
function contentPhrasing(pieces: readonly ContentPiece[], cite: (seconds: number) => PhrasingContent): PhrasingContent[] {
  const nodes = pieces.map((piece) => (piece.kind === "time" ? cite(piece.seconds) : text(piece.text.replace(/\r\n?/g, "\n").replace(/[ \t]*\n\s*/g, "\n"))));
  const [first, last] = [nodes[0], nodes.at(-1)];
  if (first?.type === "text") first.value = first.value.trimStart();
  if (last?.type === "text") last.value = last.value.trimEnd();
  return nodes.filter((node) => node.type !== "text" || node.value !== "");
}

/** A section's content as the course page lays it out: its headings as lines, "- " runs as lists, paragraphs. */
function contentBlocks(content: string, cite: (seconds: number) => PhrasingContent): BlockContent[] {
  return parseSectionContent(content).map((block) => {
    if (block.kind === "heading") return paragraph(oneLine(block.text));
    if (block.kind === "list") return list(block.items.map((pieces) => item(paragraph(...contentPhrasing(pieces, cite)))));
    return paragraph(...contentPhrasing(block.pieces, cite));
  });
}

/**
 * How much note text one export reads as Markdown, in characters; the notes past it are written
 * as plain text (their markup shown escaped, every word kept). Reading and writing Markdown costs
 * up to ~15 µs a character, plain text a hundredth of that: so a course's export stays within a
 * few seconds of work whatever its notes hold (2,000 notes of 5,000 characters at most).
 */
export const NOTES_MARKDOWN_BUDGET = 100_000;

/** A note after its moment: its Markdown, made inert (or its plain text), then the transcript line it quotes. */
function noteItem(at: PhrasingContent, note: BlockContent[], quote: string | null): ListItem {
  const blocks = continuing([at], note);
  if (quote?.trim()) blocks.push({ type: "blockquote", children: [paragraph(oneLine(quote))] });
  return item(...blocks);
}

/**
 * GET /api/courses/{id}/export?format=markdown: a course the learner can see, as Markdown: the
 * outline with each section's moment, the sections' content, and the learner's own notes and
 * cards on it (nobody else's, also on a public course), every moment a link to the video there.
 * Counted against the learner's export limit once the course is known to be theirs to see.
 *
 * Written as a syntax tree (./markdown.ts): the notes are the learner's Markdown made inert (no
 * HTML, no images, links to http(s) and mailto only); titles, card faces, the description and
 * the sections' content are plain text, as the app shows them (the content's cited [m:ss] times
 * as moments, as on the course page); nothing in the file runs or fetches anything in a
 * Markdown viewer.
 */
export async function exportCourseMarkdown(
  db: DbClient,
  { courseId, userId, now = new Date() }: { courseId: number; userId: number; now?: Date },
): Promise<ExportFile> {
  const { course, chapters } = await getCourseOrThrow(db, { courseId, userId });
  await consumeLimit(LIMITS.courseExportsPerUser, String(userId));
  const [notes, cards] = await Promise.all([selectNotesForCourseExport(db, { userId, courseId }), selectCardsForCourseExport(db, { userId, courseId })]);
  const at = (seconds: number) => moment(course.videos, seconds);
  const link = (url: string): PhrasingContent => ({ type: "link", url, title: null, children: [text(url)] });
  const tree: RootContent[] = [heading(1, oneLine(course.title))];
  if (course.description?.trim()) tree.push(...plainParagraphs(course.description));
  if (course.playlistId) tree.push(paragraph(text("Playlist: "), link(`https://www.youtube.com/playlist?list=${encodeURIComponent(course.playlistId)}`)));
  else if (course.videoId) tree.push(paragraph(text("Video: "), link(`https://www.youtube.com/watch?v=${encodeURIComponent(course.videoId)}`)));
  tree.push(paragraph({ type: "emphasis", children: [text(`Exported from CourseCraft on ${now.toISOString().slice(0, 10)}.`)] }));

  tree.push(heading(2, text("Outline")));
  if (chapters.length)
    tree.push(
      list(
        chapters.map((chapter) =>
          item(
            paragraph(oneLine(chapter.title)),
            ...(chapter.sections.length
              ? [list(chapter.sections.map((section) => item(paragraph(at(section.timeStart), text(" "), oneLine(section.title)))))]
              : []),
          ),
        ),
        true,
      ),
    );

  tree.push(heading(2, text("Content")));
  chapters.forEach((chapter, c) => {
    tree.push(heading(3, text(`${c + 1}. `), oneLine(chapter.title)));
    for (const section of chapter.sections) {
      tree.push(heading(4, oneLine(section.title), text(" ("), at(section.timeStart), text(")")));
      tree.push(...contentBlocks(section.content, (seconds) => moment(course.videos, seconds, citedMoment(seconds, section.timeStart))));
    }
  });

  tree.push(heading(2, text("My notes")));
  if (notes.length === 0) tree.push(paragraph(text("No notes yet.")));
  else {
    let budget = NOTES_MARKDOWN_BUDGET;
    const items = notes.map((note) => {
      const asMarkdown = note.text.length <= budget;
      // The first note that does not fit ends the budget: the rest of the list is plain text.
      budget = asMarkdown ? budget - note.text.length : 0;
      return noteItem(at(note.timeSeconds), asMarkdown ? learnerMarkdown(note.text) : plainParagraphs(note.text), note.quote);
    });
    tree.push(list(items));
  }

  tree.push(heading(2, text("My cards")));
  if (cards.length === 0) tree.push(paragraph(text("No cards yet.")));
  else
    tree.push(
      list(
        cards.map((card) => {
          const lines: PhrasingContent[] = [{ type: "strong", children: [text("Q:")] }, text(" "), plainText(card.front), text("\n")];
          lines.push({ type: "strong", children: [text("A:")] }, text(" "), plainText(card.back));
          if (card.timeSeconds !== null) lines.push(text("\nRewatch at "), at(card.timeSeconds));
          return item(paragraph(...lines));
        }),
      ),
    );
  return {
    fileName: asciiFileName(course.title, "md"),
    contentType: "text/markdown; charset=utf-8",
    body: writeMarkdown({ type: "root", children: tree }),
  };
}

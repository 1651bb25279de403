import type { CardExportFormat } from "~/lib/schemas/export";
import { formatTimestamp } from "~/lib/timestamps";
import type { TimelineVideo } from "~/lib/course-timeline";
import type { DbClient } from "~/server/db";
import { selectCardsForExport } from "~/server/db/queries/export";
import { selectVideosOfCourses } from "~/server/db/queries/transcript";
import { consumeLimit, LIMITS } from "~/server/rate-limit";
import { getCourseOrThrow } from "~/server/services/course/get-course";

import { type AnkiCard, htmlField, writeAnkiPackage } from "./anki-package";
import { withDeckBuildSlot } from "./build-slots";
import { asciiFileName, courseMomentUrl } from "./moments";

export type ExportFile = { fileName: string; contentType: string; body: Uint8Array<ArrayBuffer> | string };

export type ExportedCard = {
  id: number;
  front: string;
  back: string;
  timeSeconds: number | null;
  course: { id: number; title: string; videos: TimelineVideo[] };
};

/** The learner's own cards (of one course they can see, with `courseId`: 404 otherwise), by course, then moment. */
async function listCardsForExport(db: DbClient, { userId, courseId }: { userId: number; courseId?: number }): Promise<ExportedCard[]> {
  if (courseId !== undefined) await getCourseOrThrow(db, { courseId, userId });
  const cards = await selectCardsForExport(db, { userId, courseId });
  const timelines: Map<number, TimelineVideo[]> = await selectVideosOfCourses(db, [...new Set(cards.map((card) => card.course.id))]);
  return cards.map((card) => ({ ...card, course: { ...card.course, videos: timelines.get(card.course.id) ?? [] } }));
}

/** Where a card's moment is on the video, or null (no moment, or a course without a video). */
function cardMomentUrl(card: Pick<ExportedCard, "timeSeconds" | "course">): string | null {
  return card.timeSeconds === null ? null : courseMomentUrl(card.course.videos, card.timeSeconds);
}

/**
 * OWASP's rule against CSV injection: a cell a spreadsheet would read as a formula (it starts
 * with = + - @, a tab or a carriage return, or with spaces before one of the four, full-width
 * forms included) gets a leading ', so it opens as the text it is.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A TSV cell: formulas neutralised, then quoted (inner quotes doubled) when it holds a tab, a line
 * break or a quote, as Anki's and spreadsheets' importers read it, or when it starts with "#",
 * which Anki would otherwise skip as a comment line, or read as a header line (#html:true …).
 */
export function tsvField(text: string): string {
  const cell = neutraliseFormula(text);
  return /^#|[\t\r\n"]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * Tab-separated front, back and link, one card a line, after Anki's file headers (which also
 * name the columns, so an import maps them without asking). Every cell goes through tsvField.
 */
export function cardsTsv(cards: readonly ExportedCard[]): string {
  const header = ["#separator:tab", "#html:false", "#columns:Front\tBack\tLink"];
  const rows = cards.map((card) => [card.front, card.back, cardMomentUrl(card) ?? ""].map(tsvField).join("\t"));
  return `${[...header, ...rows].join("\n")}\n`;
}

/** Deck names nest on "::" in Anki: a course title is one level. */
const deckName = (courseTitle: string) =>
  `CourseCraft::${
    courseTitle
      .replace(/\p{Cc}/gu, "")
      .replaceAll("::", ":")
      .trim() || "Course"
  }`;

export function toAnkiCard(card: ExportedCard): AnkiCard {
  const url = cardMomentUrl(card);
  const moment = url && card.timeSeconds !== null ? `<a href="${htmlField(url)}">Rewatch at ${formatTimestamp(card.timeSeconds)}</a>` : "";
  return { key: `card-${card.id}`, deck: deckName(card.course.title), front: htmlField(card.front), back: htmlField(card.back), moment };
}

/**
 * GET /api/cards/export: the learner's cards as an Anki deck or TSV, named after the course when
 * one is chosen. Counted against the learner's export limit once the course (if any) is known to
 * be theirs to see. A deck is built in memory, so it waits for a build slot (withDeckBuildSlot:
 * a few at once per process, one per learner) and is refused above a size (writeAnkiPackage).
 */
export async function exportCards(
  db: DbClient,
  { userId, courseId, format }: { userId: number; courseId?: number; format: CardExportFormat },
): Promise<ExportFile> {
  const title = courseId !== undefined ? (await getCourseOrThrow(db, { courseId, userId })).course.title : "";
  await consumeLimit(LIMITS.cardExportsPerUser, String(userId));
  const base = title ? `${title} cards` : "coursecraft-cards";
  if (format === "tsv") {
    const cards = await listCardsForExport(db, { userId, courseId });
    return { fileName: asciiFileName(base, "tsv", "cards"), contentType: "text/tab-separated-values; charset=utf-8", body: cardsTsv(cards) };
  }
  return withDeckBuildSlot(userId, async () => {
    const bytes = await writeAnkiPackage((await listCardsForExport(db, { userId, courseId })).map(toAnkiCard));
    return { fileName: asciiFileName(base, "apkg", "cards"), contentType: "application/apkg", body: new Uint8Array(bytes) };
  });
}

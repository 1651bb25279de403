import type { DbClient } from "~/server/db";
import { getCourseOrThrow } from "~/server/services/course/get-course";

import type { ExportFile } from "./export-cards";
import { asciiFileName, momentMarkdown } from "./moments";

/** One line of a heading or a list item: line breaks in a title would end it. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Continuation lines indented under a list item, so multi-line text stays inside it. */
const indented = (text: string, by = "  ") => text.trim().replace(/\r?\n/g, `\n${by}`);

/**
 * GET /api/courses/{id}/export?format=markdown: a course the learner can see, as Markdown: the
 * outline with each section's moment, the sections' content, and the learner's own notes and
 * cards on it (nobody else's, also on a public course), every moment a link to the video there.
 */
export async function exportCourseMarkdown(
  db: DbClient,
  { courseId, userId, now = new Date() }: { courseId: number; userId: number; now?: Date },
): Promise<ExportFile> {
  const { course, chapters } = await getCourseOrThrow(db, { courseId, userId });
  const [notes, cards] = await Promise.all([
    db.note.findMany({ where: { userId, courseId }, orderBy: [{ timeSeconds: "asc" }, { id: "asc" }], select: { timeSeconds: true, text: true, quote: true } }),
    db.card.findMany({
      where: { userId, courseId },
      orderBy: [{ timeSeconds: { sort: "asc", nulls: "last" } }, { id: "asc" }],
      select: { front: true, back: true, timeSeconds: true },
    }),
  ]);
  const at = (seconds: number) => momentMarkdown(course.videos, seconds);
  const lines: string[] = [`# ${oneLine(course.title)}`, ""];
  if (course.description?.trim()) lines.push(course.description.trim(), "");
  if (course.playlistId) lines.push(`Playlist: <https://www.youtube.com/playlist?list=${encodeURIComponent(course.playlistId)}>`, "");
  else if (course.videoId) lines.push(`Video: <https://www.youtube.com/watch?v=${encodeURIComponent(course.videoId)}>`, "");
  lines.push(`*Exported from CourseCraft on ${now.toISOString().slice(0, 10)}.*`, "");

  lines.push("## Outline", "");
  chapters.forEach((chapter, c) => {
    lines.push(`${c + 1}. ${oneLine(chapter.title)}`);
    for (const section of chapter.sections) lines.push(`   - ${at(section.timeStart)} ${oneLine(section.title)}`);
  });
  lines.push("");

  lines.push("## Content", "");
  chapters.forEach((chapter, c) => {
    lines.push(`### ${c + 1}. ${oneLine(chapter.title)}`, "");
    for (const section of chapter.sections) {
      lines.push(`#### ${oneLine(section.title)} (${at(section.timeStart)})`, "");
      if (section.content.trim()) lines.push(section.content.trim(), "");
    }
  });

  lines.push("## My notes", "");
  if (notes.length === 0) lines.push("No notes yet.", "");
  for (const note of notes) {
    lines.push(`- ${at(note.timeSeconds)} ${indented(note.text)}`);
    if (note.quote?.trim()) lines.push(`  > ${oneLine(note.quote)}`);
  }
  if (notes.length) lines.push("");

  lines.push("## My cards", "");
  if (cards.length === 0) lines.push("No cards yet.", "");
  for (const card of cards) {
    lines.push(`- **Q:** ${indented(card.front, "    ")}`, `  **A:** ${indented(card.back, "    ")}`);
    if (card.timeSeconds !== null) lines.push(`  Rewatch at ${at(card.timeSeconds)}`);
  }
  return {
    fileName: asciiFileName(course.title, "md"),
    contentType: "text/markdown; charset=utf-8",
    body: `${lines.join("\n").trimEnd()}\n`,
  };
}

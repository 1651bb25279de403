/** What the edits of one section share: its course, its place in the outline, whole seconds. */
import { sectionSpans } from "~/lib/course-editing";
import type { DbClient } from "~/server/db/client";
import { findSectionCourse, selectOutlineSections, selectVideoSpans } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

/** The course's sections in outline order with their spans, and the one an edit is about. */
export async function outlineAround(tx: DbClient, { courseId, sectionId }: { courseId: number; sectionId: number }) {
  const [sections, videos] = await Promise.all([selectOutlineSections(tx, courseId), selectVideoSpans(tx, courseId)]);
  const index = sections.findIndex((section) => section.id === sectionId);
  if (index < 0) throw new AppError("NOT_FOUND", EDIT_MESSAGES.sectionNotFound);
  const spans = sectionSpans(sections, videos);
  return { sections, videos, spans, index, section: sections[index]!, span: spans[index]! };
}

/**
 * The course of a section, in its outline or taken out of it (so an edit made on an old version
 * still gets its 409 first; the edit then finds only sections in the outline), or 404.
 */
export async function courseOfSection(db: DbClient, sectionId: number): Promise<number> {
  const section = await findSectionCourse(db, sectionId);
  const courseId = section?.chapter?.courseId ?? section?.retiredCourseId;
  if (courseId === undefined || courseId === null) throw new AppError("NOT_FOUND", EDIT_MESSAGES.sectionNotFound);
  return courseId;
}

/** A time an edit sets, as the outline keeps it: whole seconds. */
export const wholeSeconds = (seconds: number) => Math.round(seconds);

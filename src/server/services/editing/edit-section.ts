import type { z } from "zod";

import { moveStartProblem, type SectionSpan } from "~/lib/course-editing";
import type { sectionEditInput } from "~/lib/schemas/editing";
import type { Db } from "~/server/db/client";
import { updateSection } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import { saveEdit } from "./save-edit";
import { courseOfSection, outlineAround, wholeSeconds } from "./section-outline";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

/**
 * PATCH /api/sections/{id}: its title, its content, and where it starts. A moved start moves the
 * end of the section before it when both are in one video, so the two still meet.
 */
export async function editSection(db: Db, { userId, id, title, content, timeStart, version }: { userId: number } & z.infer<typeof sectionEditInput>) {
  if (title === undefined && content === undefined && timeStart === undefined) throw new AppError("BAD_REQUEST", EDIT_MESSAGES.nothingToChange);
  const courseId = await courseOfSection(db, id);
  return saveEdit(db, { courseId, userId, version, notFound: EDIT_MESSAGES.sectionNotFound }, async (tx) => {
    const around = await outlineAround(tx, { courseId, sectionId: id });
    const fields: ("title" | "content" | "timeStart")[] = [];
    if (title !== undefined) fields.push("title");
    if (content !== undefined) fields.push("content");
    let times = {};
    if (timeStart !== undefined) {
      const to = wholeSeconds(timeStart);
      const problem = moveStartProblem(around.spans, around.index, to, around.videos);
      if (problem) throw new AppError("UNPROCESSABLE", problem);
      const previous: SectionSpan | undefined = around.spans[around.index - 1];
      if (previous && previous.video === around.span.video) await updateSection(tx, { sectionId: previous.id, timeEnd: to });
      times = { timeStart: to, timeEnd: around.span.end };
      fields.push("timeStart");
    }
    await updateSection(tx, { sectionId: id, title, content, ...times });
    return { change: { kind: "section", sectionId: id, title: title ?? around.section.title, fields }, extra: {}, reshaped: timeStart !== undefined };
  });
}

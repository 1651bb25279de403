import type { z } from "zod";

import type { courseEditInput } from "~/lib/schemas/editing";
import type { Db } from "~/server/db/client";
import { updateCourseText } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";

import { saveEdit } from "./save-edit";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

/** PATCH /api/courses/{id}: its title and description. */
export async function editCourse(db: Db, { userId, id, title, description, version }: { userId: number } & z.infer<typeof courseEditInput>) {
  if (title === undefined && description === undefined) throw new AppError("BAD_REQUEST", EDIT_MESSAGES.nothingToChange);
  return saveEdit(db, { courseId: id, userId, version, notFound: EDIT_MESSAGES.notFound }, async (tx) => {
    await updateCourseText(tx, { courseId: id, title, description: description === undefined ? undefined : description || null });
    const fields = [...(title === undefined ? [] : ["title" as const]), ...(description === undefined ? [] : ["description" as const])];
    return { change: { kind: "course", fields }, extra: {} };
  });
}

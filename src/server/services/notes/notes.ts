import { type Note, type NoteCreateInput, type NoteUpdateInput } from "~/lib/schemas/notes";
import type { Db, DbClient } from "~/server/db";
import { findCourseVisibilityAndLength } from "~/server/db/queries/course";
import { canSeeCourse } from "~/server/db/queries/course-visibility";
import { lockUser } from "~/server/db/queries/locks";
import { countNotesOf, deleteOwnNote, findOwnNote, findOwnNoteCourseLength, insertNote, selectNotesOf, updateOwnNote } from "~/server/db/queries/notes";
import { AppError } from "~/server/errors";

import { courseLengthOf, courseNotFound } from "../course/get-course";
import { MAX_NOTES_PER_COURSE, NOTE_MESSAGES } from "~/lib/rules/notes";

/**
 * A learner's notes at moments of a course's video. Notes are private to their author, on
 * public courses too: every read and write is filtered by the author, and another learner's
 * note is "not found" like a note that does not exist.
 */

type NoteRow = { id: number; courseId: number; timeSeconds: number; text: string; quote: string | null; createdAt: Date; updatedAt: Date };

function toNote(row: NoteRow): Note {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const noteNotFound = () => new AppError("NOT_FOUND", NOTE_MESSAGES.notFound);
const emptyToNull = (quote: string | null | undefined) => (quote === undefined ? undefined : quote === "" ? null : quote);

/** The course if the learner may see it, with its timeline's length (null: no video). */
async function visibleCourseDuration(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<number | null> {
  const course = await findCourseVisibilityAndLength(db, courseId);
  if (!course || !(await canSeeCourse(db, course, userId))) throw courseNotFound();
  return courseLengthOf(course);
}

function assertInsideVideo(timeSeconds: number, duration: number | null): void {
  if (duration === null) throw new AppError("UNPROCESSABLE", NOTE_MESSAGES.noVideo);
  if (timeSeconds > duration) throw new AppError("UNPROCESSABLE", NOTE_MESSAGES.outsideVideo);
}

/** The learner's own notes of a course they may see, in time order (then oldest first). */
export async function listNotes(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<Note[]> {
  await visibleCourseDuration(db, { courseId, userId });
  const rows = await selectNotesOf(db, { userId, courseId });
  return rows.map(toNote);
}

/**
 * A new note at a moment inside the video. At most MAX_NOTES_PER_COURSE per learner and course:
 * the count and the insert run under the learner's notes lock, so concurrent creations cannot
 * pass the limit together.
 */
export async function createNote(db: Db, userId: number, input: NoteCreateInput): Promise<Note> {
  const duration = await visibleCourseDuration(db, { courseId: input.id, userId });
  assertInsideVideo(input.timeSeconds, duration);
  const row = await db.$transaction(async (tx) => {
    await lockUser(tx, "notes", userId);
    const count = await countNotesOf(tx, { userId, courseId: input.id });
    if (count >= MAX_NOTES_PER_COURSE) throw new AppError("UNPROCESSABLE", NOTE_MESSAGES.limit);
    return insertNote(tx, { userId, courseId: input.id, timeSeconds: input.timeSeconds, text: input.text, quote: emptyToNull(input.quote) ?? null });
  });
  return toNote(row);
}

/**
 * Changes what is sent of one of the learner's own notes. One statement decides, so an edit
 * that meets a delete of the same note answers 404 rather than recreating or failing with 500.
 */
export async function updateNote(db: DbClient, userId: number, input: NoteUpdateInput): Promise<Note> {
  const { id, timeSeconds, text, quote } = input;
  if (timeSeconds !== undefined) {
    const note = await findOwnNoteCourseLength(db, { noteId: id, userId });
    if (!note) throw noteNotFound();
    assertInsideVideo(timeSeconds, courseLengthOf(note.course));
  }
  if (!(await updateOwnNote(db, { noteId: id, userId, timeSeconds, text, quote: emptyToNull(quote) }))) throw noteNotFound();
  const row = await findOwnNote(db, { noteId: id, userId });
  if (!row) throw noteNotFound();
  return toNote(row);
}

/** Deletes one of the learner's own notes; of two concurrent deletes, one succeeds and the other gets 404. */
export async function deleteNote(db: DbClient, { userId, noteId }: { userId: number; noteId: number }): Promise<void> {
  if (!(await deleteOwnNote(db, { noteId, userId }))) throw noteNotFound();
}

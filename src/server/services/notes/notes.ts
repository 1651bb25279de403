import { type Note, type NoteCreateInput, type NoteUpdateInput } from "~/lib/schemas/notes";
import type { Db, DbClient } from "~/server/db";
import { lockUser } from "~/server/db/queries/locks";
import { AppError } from "~/server/errors";

import { courseLengthOf, courseLengthSelect, courseNotFound, canSeeCourse } from "../course/get-course";
import { MAX_NOTES_PER_COURSE, NOTE_MESSAGES } from "~/lib/rules/notes";

/**
 * A learner's notes at moments of a course's video. Notes are private to their author, on
 * public courses too: every read and write is filtered by the author, and another learner's
 * note is "not found" like a note that does not exist.
 */

const noteSelect = { id: true, courseId: true, timeSeconds: true, text: true, quote: true, createdAt: true, updatedAt: true } as const;
type NoteRow = { id: number; courseId: number; timeSeconds: number; text: string; quote: string | null; createdAt: Date; updatedAt: Date };

function toNote(row: NoteRow): Note {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const noteNotFound = () => new AppError("NOT_FOUND", NOTE_MESSAGES.notFound);
const emptyToNull = (quote: string | null | undefined) => (quote === undefined ? undefined : quote === "" ? null : quote);

/** The course if the learner may see it, with its timeline's length (null: no video). */
async function visibleCourseDuration(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<number | null> {
  const course = await db.course.findUnique({
    where: { id: courseId },
    select: { id: true, userId: true, isPublic: true, status: true, ...courseLengthSelect },
  });
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
  const rows = await db.note.findMany({ where: { userId, courseId }, select: noteSelect, orderBy: [{ timeSeconds: "asc" }, { id: "asc" }] });
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
    const count = await tx.note.count({ where: { userId, courseId: input.id } });
    if (count >= MAX_NOTES_PER_COURSE) throw new AppError("UNPROCESSABLE", NOTE_MESSAGES.limit);
    return tx.note.create({
      data: { userId, courseId: input.id, timeSeconds: input.timeSeconds, text: input.text, quote: emptyToNull(input.quote) ?? null },
      select: noteSelect,
    });
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
    const note = await db.note.findFirst({ where: { id, userId }, select: { course: { select: courseLengthSelect } } });
    if (!note) throw noteNotFound();
    assertInsideVideo(timeSeconds, courseLengthOf(note.course));
  }
  const { count } = await db.note.updateMany({ where: { id, userId }, data: { timeSeconds, text, quote: emptyToNull(quote) } });
  if (count === 0) throw noteNotFound();
  const row = await db.note.findFirst({ where: { id, userId }, select: noteSelect });
  if (!row) throw noteNotFound();
  return toNote(row);
}

/** Deletes one of the learner's own notes; of two concurrent deletes, one succeeds and the other gets 404. */
export async function deleteNote(db: DbClient, { userId, noteId }: { userId: number; noteId: number }): Promise<void> {
  const { count } = await db.note.deleteMany({ where: { id: noteId, userId } });
  if (count === 0) throw noteNotFound();
}

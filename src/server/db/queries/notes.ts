import type { DbClient } from "../client";
import { courseLengthSelect } from "./course";

/**
 * A learner's notes. Every read and write here is filtered by the author: another learner's note
 * is no row, like a note that does not exist.
 */

const noteSelect = { id: true, courseId: true, timeSeconds: true, text: true, quote: true, createdAt: true, updatedAt: true } as const;

/** The learner's notes of a course, in time order (then oldest first). */
export function selectNotesOf(db: DbClient, { userId, courseId }: { userId: number; courseId: number }) {
  return db.note.findMany({ where: { userId, courseId }, select: noteSelect, orderBy: [{ timeSeconds: "asc" }, { id: "asc" }] });
}

/** How many notes the learner has on a course. */
export function countNotesOf(db: DbClient, { userId, courseId }: { userId: number; courseId: number }): Promise<number> {
  return db.note.count({ where: { userId, courseId } });
}

/** A new note; answers it as stored. */
export function insertNote(
  tx: DbClient,
  { userId, courseId, timeSeconds, text, quote }: { userId: number; courseId: number; timeSeconds: number; text: string; quote: string | null },
) {
  return tx.note.create({ data: { userId, courseId, timeSeconds, text, quote }, select: noteSelect });
}

/** One of the learner's notes; null for anyone else's or an unknown id. */
export function findOwnNote(db: DbClient, { noteId, userId }: { noteId: number; userId: number }) {
  return db.note.findFirst({ where: { id: noteId, userId }, select: noteSelect });
}

/** The course of one of the learner's notes, with its last video (how long it is); null for anyone else's note. */
export function findOwnNoteCourseLength(db: DbClient, { noteId, userId }: { noteId: number; userId: number }) {
  return db.note.findFirst({ where: { id: noteId, userId }, select: { course: { select: courseLengthSelect } } });
}

/** Changes fields of one of the learner's notes (an undefined field stays as it is), in one statement; false when there is no such note. */
export async function updateOwnNote(
  db: DbClient,
  { noteId, userId, timeSeconds, text, quote }: { noteId: number; userId: number; timeSeconds?: number; text?: string; quote?: string | null },
): Promise<boolean> {
  const { count } = await db.note.updateMany({ where: { id: noteId, userId }, data: { timeSeconds, text, quote } });
  return count > 0;
}

/** Deletes one of the learner's notes; false when there is no such note. */
export async function deleteOwnNote(db: DbClient, { noteId, userId }: { noteId: number; userId: number }): Promise<boolean> {
  const { count } = await db.note.deleteMany({ where: { id: noteId, userId } });
  return count > 0;
}

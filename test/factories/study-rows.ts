import type { DbClient } from "~/server/db";

/** A learner's note at a moment of a course (a row, as the notes API would store it). */
export function createNoteRow(db: DbClient, fields: { userId: number; courseId: number; timeSeconds: number; text: string; quote?: string | null }) {
  return db.note.create({ data: { quote: null, ...fields } });
}

/** A learner's flashcard on a course, due now unless told otherwise. */
export function createCardRow(
  db: DbClient,
  fields: { userId: number; courseId: number; front: string; back: string; timeSeconds?: number | null; source?: "quiz" | "note" | "transcript"; due?: Date },
) {
  return db.card.create({ data: { source: "transcript", timeSeconds: null, due: new Date(), ...fields } });
}

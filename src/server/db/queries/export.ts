import type { DbClient } from "../client";

/**
 * The learner's own cards (of one course, with `courseId`), by course, then moment (cards without
 * one last), with their course's id and title: what a card export writes.
 */
export function selectCardsForExport(db: DbClient, { userId, courseId }: { userId: number; courseId?: number }) {
  return db.card.findMany({
    where: { userId, ...(courseId !== undefined ? { courseId } : {}) },
    orderBy: [{ courseId: "asc" }, { timeSeconds: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    select: { id: true, front: true, back: true, timeSeconds: true, course: { select: { id: true, title: true } } },
  });
}

/** The learner's own notes on a course, by moment: what a course export writes of them. */
export function selectNotesForCourseExport(db: DbClient, { userId, courseId }: { userId: number; courseId: number }) {
  return db.note.findMany({
    where: { userId, courseId },
    orderBy: [{ timeSeconds: "asc" }, { id: "asc" }],
    select: { timeSeconds: true, text: true, quote: true },
  });
}

/** The learner's own cards on a course, by moment (cards without one last): what a course export writes of them. */
export function selectCardsForCourseExport(db: DbClient, { userId, courseId }: { userId: number; courseId: number }) {
  return db.card.findMany({
    where: { userId, courseId },
    orderBy: [{ timeSeconds: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    select: { front: true, back: true, timeSeconds: true },
  });
}

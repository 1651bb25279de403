import type { CardCreateInput, CardView } from "~/lib/schemas/cards";
import { formatTimestamp } from "~/lib/timestamps";
import type { Db } from "~/server/db";
import { countUserCards, findCourseForCard, findNoteForCard, insertCard } from "~/server/db/queries/cards";
import { lockUser } from "~/server/db/queries/locks";
import { AppError } from "~/server/errors";
import { canSeeCourse } from "~/server/db/queries/course-visibility";
import { courseLengthOf, courseNotFound } from "~/server/services/course/get-course";

import { toCardView } from "./card-view";
import { newCardSchedule } from "./fsrs";
import { MAX_CARDS_PER_LEARNER } from "~/lib/rules/cards";

const CARD_MESSAGES = {
  noteNotFound: "Note not found",
  noteNeeded: "A card made from a note needs the note's noteId",
  noteOnlyForNotes: 'noteId is only for cards made from a note (source "note")',
  limit: `You can keep at most ${MAX_CARDS_PER_LEARNER.toLocaleString("en-US")} cards. Delete some to make new ones.`,
  pastTheEnd: (duration: number) => `timeSeconds is past the end of the video (${formatTimestamp(duration)})`,
};

/**
 * POST /api/courses/{id}/cards: a card made by hand, due now. The course must be one the learner
 * may see (canSeeCourse); a note must be the learner's own, of this course; the
 * moment must lie inside the video. At most MAX_CARDS_PER_LEARNER cards each: the count and the
 * insert run under the learner's lock, so concurrent creations cannot pass the limit together.
 */
export async function createCard(db: Db, { userId, input, now = new Date() }: { userId: number; input: CardCreateInput; now?: Date }): Promise<CardView> {
  const course = await findCourseForCard(db, input.id);
  if (!course || !(await canSeeCourse(db, course, userId))) throw courseNotFound();

  let timeSeconds = input.timeSeconds ?? null;
  let noteId: number | null = null;
  if (input.source === "note") {
    if (input.noteId === undefined) throw new AppError("UNPROCESSABLE", CARD_MESSAGES.noteNeeded);
    const note = await findNoteForCard(db, { noteId: input.noteId, userId, courseId: input.id });
    if (!note) throw new AppError("NOT_FOUND", CARD_MESSAGES.noteNotFound);
    noteId = note.id;
    timeSeconds ??= note.timeSeconds;
  } else if (input.noteId !== undefined) {
    throw new AppError("UNPROCESSABLE", CARD_MESSAGES.noteOnlyForNotes);
  }
  const sectionEnds = course.chapters.flatMap((chapter) => chapter.sections.map((section) => section.timeEnd ?? 0));
  const duration = courseLengthOf(course) ?? (sectionEnds.length ? Math.max(...sectionEnds) : null);
  if (timeSeconds !== null && duration !== null && timeSeconds > duration) throw new AppError("UNPROCESSABLE", CARD_MESSAGES.pastTheEnd(duration));

  const card = await db.$transaction(async (tx) => {
    await lockUser(tx, "cards", userId);
    if ((await countUserCards(tx, userId)) >= MAX_CARDS_PER_LEARNER) throw new AppError("UNPROCESSABLE", CARD_MESSAGES.limit);
    return insertCard(tx, {
      userId,
      courseId: input.id,
      source: input.source,
      noteId,
      front: input.front,
      back: input.back,
      timeSeconds,
      createdAt: now,
      ...newCardSchedule(now),
    });
  });
  return toCardView(card);
}

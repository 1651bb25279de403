import type { DbClient } from "~/server/db";
import { insertCardsOnce, selectCardFrontsStartingWith } from "~/server/db/queries/cards";
import { formatTimestamp } from "~/lib/timestamps";

import { newCardSchedule } from "./fsrs";

export type MissedQuestion = {
  questionId: number;
  questionText: string;
  options: readonly string[];
  correctAnswer: string;
  explanation: string;
  sourceTime: number | null;
};

/** A cloze's blank ("_____"), whatever the engine or language wrote around it. */
const BLANK = /_{3,}/;

/**
 * The front of a card made from a missed question: a prompt the learner can answer on its own.
 * A cloze (its stem holds a blank) is one already. Any other choice question keeps its options
 * on the card: "Which statement does the video make in this section?", "¿Cuál de las
 * siguientes…?", "次のうちどれ…" and whatever else a model writes mean nothing without them, and
 * no list of wordings in nine languages catches them all. The data migration
 * 20261127090000_quiz_card_options applies the same rule to the cards made before it.
 */
export function quizCardFront({ questionText, options }: Pick<MissedQuestion, "questionText" | "options">): string {
  if (BLANK.test(questionText) || options.length === 0) return questionText;
  return `${questionText}\n\n${options.map((option, i) => `${String.fromCharCode(65 + i)}. ${option}`).join("\n")}`;
}

/**
 * A front no other card of the course has (`taken`): the front itself, else with the moment it is
 * about, else numbered. Two questions alike enough to collide are told apart on /review and in an export.
 */
export function distinctFront(front: string, sourceTime: number | null, taken: ReadonlySet<string>): string {
  if (!taken.has(front)) return front;
  const withMoment = sourceTime === null ? front : `${front}\n\n(at ${formatTimestamp(sourceTime)})`;
  if (!taken.has(withMoment)) return withMoment;
  for (let n = 2; ; n++) if (!taken.has(`${withMoment} (${n})`)) return `${withMoment} (${n})`;
}

/** The back of a card made from a missed question: the right answer, why, and the moment to rewatch. */
export function quizCardBack({ correctAnswer, explanation, sourceTime }: Pick<MissedQuestion, "correctAnswer" | "explanation" | "sourceTime">): string {
  return [correctAnswer, explanation.trim(), sourceTime === null ? "" : `Rewatch at ${formatTimestamp(sourceTime)}`].filter(Boolean).join("\n\n");
}

/**
 * A card for every question the learner missed, due now; returns how many were made. Once per
 * question and learner: the unique key (userId, questionId) with ON CONFLICT DO NOTHING, so a
 * retake or two attempts submitted at once add no second card and never fail on the duplicate.
 * Fronts are distinct within the learner's cards of the course.
 */
export async function makeCardsFromMissedQuestions(
  db: DbClient,
  { userId, courseId, missed, now = new Date() }: { userId: number; courseId: number; missed: readonly MissedQuestion[]; now?: Date },
): Promise<number> {
  if (missed.length === 0) return 0;
  const fronts = missed.map(quizCardFront);
  const clashes = await selectCardFrontsStartingWith(db, { userId, courseId, prefixes: [...new Set(fronts)] });
  const taken = new Set(clashes.map((card) => card.front));
  const schedule = newCardSchedule(now);
  return insertCardsOnce(
    db,
    missed.map((question, i) => {
      const front = distinctFront(fronts[i]!, question.sourceTime, taken);
      taken.add(front);
      return {
        userId,
        courseId,
        source: "quiz" as const,
        questionId: question.questionId,
        front,
        back: quizCardBack(question),
        timeSeconds: question.sourceTime,
        createdAt: now,
        ...schedule,
      };
    }),
  );
}

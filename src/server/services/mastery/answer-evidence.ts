/**
 * What an answer to a quiz question records as evidence, in the transaction that stores the
 * answer (a quiz attempt, a practice answer): a choice right or wrong (guessed 1 in its options),
 * an open answer its credit, on the concepts its question tests. Each answer shown is marked seen
 * ("QuestionAnswerSeen"), which docs/mastery.md's rules on answers already seen read.
 */
import { markAnswersSeen, selectQuestionConcepts } from "~/server/db/queries/mastery";
import type { SqlClient } from "~/server/db/sql-transaction";

import { answerSeenRecently, type Evidence, type MasteryState } from "./model";
import { type ConceptEvidence, recordEvidence } from "./record-evidence";

/** A graded answer to one question, as evidence sees it. */
export type GradedAnswer = { questionId: number; kind: "choice" | "open"; optionCount: number; credit: number };

/**
 * A quiz attempt: only the learner's first answer to each question is evidence (a retake comes
 * after the results showed every answer, so it is practice, not evidence). Every question the
 * results show is marked seen, so of two first attempts at once only one counts.
 */
export async function recordAttemptEvidence(
  tx: SqlClient,
  { userId, shown, answers, at }: { userId: number; shown: readonly number[]; answers: readonly GradedAnswer[]; at: Date },
): Promise<void> {
  const seenBefore = await markAnswersSeen(tx, { userId, questionIds: shown, at });
  const first = answers.filter((answer) => !seenBefore.has(answer.questionId));
  await recordEvidence(tx, userId, await onTheirConcepts(tx, first, (answer) => evidenceOf(answer, at)));
}

/**
 * A practice answer: evidence on its question's concepts, weak when the learner saw its answer
 * within a day (its quiz's results, an earlier practice, its card), as it may only be remembered.
 * Returns the learner's state of each concept it bore on.
 */
export async function recordPracticeEvidence(
  tx: SqlClient,
  { userId, answer, at }: { userId: number; answer: GradedAnswer; at: Date },
): Promise<Map<number, MasteryState>> {
  const seenAt = (await markAnswersSeen(tx, { userId, questionIds: [answer.questionId], at })).get(answer.questionId);
  const answerSeen = answerSeenRecently(seenAt, at);
  return recordEvidence(tx, userId, await onTheirConcepts(tx, [answer], (graded) => ({ ...evidenceOf(graded, at), answerSeen })));
}

function evidenceOf({ kind, credit, optionCount }: GradedAnswer, at: Date): Evidence {
  return kind === "open" ? { kind, credit, at } : { kind, credit, at, optionCount };
}

/** Each answer's evidence on the concepts its question tests. */
async function onTheirConcepts(tx: SqlClient, answers: readonly GradedAnswer[], evidence: (answer: GradedAnswer) => Evidence): Promise<ConceptEvidence[]> {
  if (answers.length === 0) return [];
  const tags = await selectQuestionConcepts(
    tx,
    answers.map((answer) => answer.questionId),
  );
  return answers.map((answer) => ({
    conceptIds: tags.filter((tag) => tag.questionId === answer.questionId).map((tag) => tag.conceptId),
    evidence: evidence(answer),
  }));
}

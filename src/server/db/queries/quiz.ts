import type { SqlClient } from "../sql-transaction";
import { queryRows, utcParam } from "./run";

export type NewQuizAttempt = {
  quizId: number;
  userId: number;
  score: number;
  passed: boolean;
  answers: readonly { questionId: number; answer: string; correct: boolean; credit: number }[];
  at: Date;
};

/** Stores a scored attempt (a row as Prisma would write it); its id. */
export async function insertQuizAttempt(db: SqlClient, attempt: NewQuizAttempt): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    `INSERT INTO "QuizAttempt" ("quizId", "userId", answers, score, passed, "createdAt")
     VALUES ($1::int, $2::int, $3::jsonb, $4::int, $5::boolean, ${utcParam("$6")}) RETURNING id`,
    [attempt.quizId, attempt.userId, JSON.stringify(attempt.answers), attempt.score, attempt.passed, attempt.at.toISOString()],
    "quiz-attempt-insert",
  );
  return rows[0]!.id;
}

/**
 * Each answer of an attempt becomes the learner's latest outcome on its question ("QuestionOutcome":
 * what a class's dashboard counts as missed). A retake overwrites; an older attempt stored late never does.
 */
export async function upsertQuestionOutcomes(
  db: SqlClient,
  { userId, courseId, at, outcomes }: { userId: number; courseId: number; at: Date; outcomes: readonly { questionId: number; credit: number }[] },
): Promise<void> {
  if (outcomes.length === 0) return;
  await queryRows(
    db,
    `INSERT INTO "QuestionOutcome" ("userId", "questionId", "courseId", credit, "answeredAt")
     SELECT $1::int, o.question, $2::int, o.credit, ${utcParam("$5")}
     FROM unnest($3::int[], $4::float8[]) AS o(question, credit)
     ON CONFLICT ("userId", "questionId") DO UPDATE SET credit = EXCLUDED.credit, "answeredAt" = EXCLUDED."answeredAt", "courseId" = EXCLUDED."courseId"
     WHERE "QuestionOutcome"."answeredAt" <= EXCLUDED."answeredAt"`,
    [userId, courseId, outcomes.map((o) => o.questionId), outcomes.map((o) => o.credit), at.toISOString()],
    "question-outcomes-upsert",
  );
}

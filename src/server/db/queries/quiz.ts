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

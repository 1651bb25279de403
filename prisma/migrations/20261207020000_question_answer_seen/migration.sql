-- When a learner last saw a question's answer (docs/mastery.md): a quiz takes only the first
-- answer to a question as evidence, and an answer within a day of seeing it is weak evidence.
CREATE TABLE "QuestionAnswerSeen" (
    "userId" INTEGER NOT NULL,
    "questionId" INTEGER NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QuestionAnswerSeen_pkey" PRIMARY KEY ("userId","questionId")
);

CREATE INDEX "QuestionAnswerSeen_questionId_idx" ON "QuestionAnswerSeen"("questionId");

ALTER TABLE "QuestionAnswerSeen" ADD CONSTRAINT "QuestionAnswerSeen_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "QuestionAnswerSeen" ADD CONSTRAINT "QuestionAnswerSeen_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "QuizQuestion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Answers seen before this table: every question a learner answered in a quiz (its latest
-- outcome), and every card made from a question (made when its answer was shown).
INSERT INTO "QuestionAnswerSeen" ("userId", "questionId", "seenAt")
SELECT "userId", "questionId", max(at) FROM (
  SELECT "userId", "questionId", "answeredAt" AS at FROM "QuestionOutcome"
  UNION ALL
  SELECT "userId", "questionId", coalesce("lastReview", "createdAt") AS at FROM "Card" WHERE "questionId" IS NOT NULL
) seen
GROUP BY "userId", "questionId";

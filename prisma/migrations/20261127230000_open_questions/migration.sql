-- Open questions: answered in the learner's own words, graded on the key ideas of a reference answer
-- drawn from the transcript. Every question stored before is a choice question.
-- CreateEnum
CREATE TYPE "QuestionKind" AS ENUM ('choice', 'open');

-- AlterTable
ALTER TABLE "QuizQuestion" ADD COLUMN     "keyIdeas" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "kind" "QuestionKind" NOT NULL DEFAULT 'choice';


-- AlterTable
ALTER TABLE "QuestionConcept" ADD COLUMN     "byModel" BOOLEAN NOT NULL DEFAULT false;


-- The class dashboard reads a class's members' answers and completions on the assigned courses
-- from these indexes alone (index-only scans). Same names and keys as Prisma declares them:
-- Prisma cannot declare INCLUDE, so only the migration knows.
DROP INDEX "QuestionOutcome_userId_courseId_idx";
CREATE INDEX "QuestionOutcome_userId_courseId_idx" ON "QuestionOutcome" ("userId", "courseId") INCLUDE ("questionId", "credit", "answeredAt");
DROP INDEX "SectionCompletion_userId_courseId_idx";
CREATE INDEX "SectionCompletion_userId_courseId_idx" ON "SectionCompletion" ("userId", "courseId") INCLUDE ("completedAt");

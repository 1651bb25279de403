-- A video may hold one transcript per language: its own track, and tracks translated from it.
DROP INDEX "Transcript_videoId_key";
CREATE UNIQUE INDEX "Transcript_videoId_language_key" ON "Transcript"("videoId", "language");
ALTER TABLE "Transcript"
  ADD COLUMN "translated" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "title" TEXT,
  ADD COLUMN "description" TEXT;

-- The language a course is written in, and the transcript it was built from. Courses made before
-- this were English by design; each was built from its video's only transcript.
ALTER TABLE "Course"
  ADD COLUMN "language" VARCHAR(16) NOT NULL DEFAULT 'en',
  ADD COLUMN "transcriptId" INTEGER;
UPDATE "Course" c SET "transcriptId" = t.id FROM "Transcript" t WHERE t."videoId" = c."videoId";
ALTER TABLE "Course" ADD CONSTRAINT "Course_transcriptId_fkey"
  FOREIGN KEY ("transcriptId") REFERENCES "Transcript"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Course_transcriptId_idx" ON "Course"("transcriptId");

-- What a finished job tells the learner beside its course (a language it could not keep, videos it skipped).
ALTER TABLE "GenerationJob" ADD COLUMN "notices" JSONB NOT NULL DEFAULT '[]';

-- A video may hold one transcript per language: its own track, and tracks translated from it.
DROP INDEX "Transcript_videoId_key";
CREATE UNIQUE INDEX "Transcript_videoId_language_key" ON "Transcript"("videoId", "language");
ALTER TABLE "Transcript"
  ADD COLUMN "translated" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "title" TEXT,
  ADD COLUMN "description" TEXT;

-- The language a course is written in. Courses made before this were English by design.
ALTER TABLE "Course"
  ADD COLUMN "language" VARCHAR(16) NOT NULL DEFAULT 'en',
  ADD COLUMN "playlistId" VARCHAR(64);

-- The videos a course is built from, on one timeline: a course from one video has one row, a
-- course from a playlist one per video used, each starting where the one before it ends.
CREATE TABLE "CourseVideo" (
  "courseId"        INTEGER      NOT NULL,
  "position"        INTEGER      NOT NULL,
  "videoId"         VARCHAR(64)  NOT NULL,
  "transcriptId"    INTEGER,
  "offsetSeconds"   INTEGER      NOT NULL,
  "durationSeconds" INTEGER      NOT NULL,
  "title"           TEXT         NOT NULL,
  CONSTRAINT "CourseVideo_pkey" PRIMARY KEY ("courseId", "position")
);
CREATE INDEX "CourseVideo_videoId_idx" ON "CourseVideo"("videoId");
CREATE INDEX "CourseVideo_transcriptId_idx" ON "CourseVideo"("transcriptId");
ALTER TABLE "CourseVideo" ADD CONSTRAINT "CourseVideo_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CourseVideo" ADD CONSTRAINT "CourseVideo_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CourseVideo" ADD CONSTRAINT "CourseVideo_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Each course before this was built from its video's only transcript.
INSERT INTO "CourseVideo" ("courseId", "position", "videoId", "transcriptId", "offsetSeconds", "durationSeconds", "title")
SELECT c.id, 0, v.id, t.id, 0, v."durationSeconds", v.title
FROM "Course" c JOIN "Video" v ON v.id = c."videoId" LEFT JOIN "Transcript" t ON t."videoId" = v.id;

-- What a finished job tells the learner beside its course (a language it could not keep, videos it skipped).
ALTER TABLE "GenerationJob" ADD COLUMN "notices" JSONB NOT NULL DEFAULT '[]';
-- Where in its stage a job is, for the learner ("Video 3 of 12").
ALTER TABLE "GenerationJob" ADD COLUMN "stageDetail" VARCHAR(120);

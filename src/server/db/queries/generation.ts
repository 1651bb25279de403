import type { Prisma } from "~/generated/prisma/client";

import type { DbClient } from "../client";

type TranscriptSegmentValues = { index: number; startMs: number; endMs: number; text: string };

export type NewTranscript = {
  videoId: string;
  source: string;
  language: string;
  translated: boolean;
  title: string | null;
  description: string | null;
  segments: readonly TranscriptSegmentValues[];
};

/**
 * Stores one track of a video with its segments, in one statement; nothing when the video has a
 * track in that language already (two jobs caching the same track at once: the second keeps the
 * first's). Answers the segment rows inserted.
 */
export function insertTranscript(db: DbClient, { videoId, source, language, translated, title, description, segments }: NewTranscript): Promise<number> {
  return db.$executeRaw`
    WITH transcript AS (
      INSERT INTO "Transcript" ("videoId", "language", "translated", "title", "description", "source")
      VALUES (${videoId}, ${language}, ${translated}, ${title}, ${description}, ${source})
      ON CONFLICT ("videoId", "language") DO NOTHING RETURNING id)
    INSERT INTO "TranscriptSegment" ("transcriptId", "index", "startMs", "endMs", "text")
    SELECT transcript.id, s.index, s."startMs", s."endMs", s.text
    FROM transcript, jsonb_to_recordset(${JSON.stringify(segments)}::jsonb) AS s(index int, "startMs" int, "endMs" int, text text)`;
}

/** What a job kind is: a course built from a topic, or one section of a course written again. */
type JobKind = "course" | "section";

const ACTIVE = { in: ["queued" as const, "running" as const] };

/** How many jobs of this kind the user has queued or running. */
export function countActiveJobs(db: DbClient, { userId, kind }: { userId: number; kind: JobKind }): Promise<number> {
  return db.generationJob.count({ where: { userId, kind, status: ACTIVE } });
}

/** The inputs of the user's jobs of this kind that are queued or running. */
export function selectActiveJobInputs(db: DbClient, { userId, kind }: { userId: number; kind: JobKind }) {
  return db.generationJob.findMany({ where: { userId, kind, status: ACTIVE }, select: { input: true } });
}

/** What a course job shows its learner, with the engine of the course it built. */
const courseJobSelect = {
  id: true,
  status: true,
  stage: true,
  stageDetail: true,
  progress: true,
  courseId: true,
  error: true,
  errorCode: true,
  notices: true,
  course: { select: { engine: true } },
} as const;

/** Queues a course job (the queue's default kind); answers it as its learner sees it. */
export function insertCourseJob(tx: DbClient, { userId, input }: { userId: number; input: Prisma.InputJsonValue }) {
  return tx.generationJob.create({ data: { userId, input }, select: courseJobSelect });
}

/** One of the user's course jobs; null for anyone else's or an unknown id. */
export function findCourseJob(db: DbClient, { userId, jobId }: { userId: number; jobId: string }) {
  return db.generationJob.findFirst({ where: { id: jobId, userId, kind: "course" }, select: courseJobSelect });
}

/** What a section job shows its owner. */
const sectionJobSelect = { id: true, status: true, stage: true, progress: true, error: true, input: true } as const;

/** Queues a section job; answers it as its owner sees it. */
export function insertSectionJob(tx: DbClient, { userId, input }: { userId: number; input: Prisma.InputJsonValue }) {
  return tx.generationJob.create({ data: { userId, kind: "section", input }, select: sectionJobSelect });
}

/** One of the user's section jobs; null for anyone else's or an unknown id. */
export function findSectionJob(db: DbClient, { userId, jobId }: { userId: number; jobId: string }) {
  return db.generationJob.findFirst({ where: { id: jobId, userId, kind: "section" }, select: sectionJobSelect });
}

/** What the one-call generation answers of the course it built; null for an unknown id. */
export function findGeneratedCourse(db: DbClient, courseId: number) {
  return db.course.findUnique({
    where: { id: courseId },
    select: { id: true, title: true, complexity: true, videoId: true, engine: true, language: true },
  });
}

/**
 * A stored video with one track and its segments in order: the track in `language` when one is
 * given, else the video's own (not translated). Null for a video not stored.
 */
export function findVideoWithTrack(db: DbClient, { videoId, language }: { videoId: string; language?: string }) {
  return db.video.findUnique({
    where: { id: videoId },
    select: {
      id: true,
      source: true,
      title: true,
      description: true,
      durationSeconds: true,
      thumbnailUrl: true,
      creatorChapters: true,
      transcripts: {
        where: language === undefined ? { translated: false } : { language },
        select: {
          id: true,
          language: true,
          translated: true,
          title: true,
          description: true,
          segments: { select: { index: true, startMs: true, endMs: true, text: true }, orderBy: { index: "asc" } },
        },
        take: 1,
      },
    },
  });
}

type VideoValues = Omit<Prisma.VideoCreateInput, "id" | "transcripts" | "courses" | "courseVideos" | "fetchedAt">;

/** Stores a video's details, or refreshes them (and when they were fetched) when it is stored already. */
export async function upsertVideo(db: DbClient, { id, video }: { id: string; video: VideoValues }): Promise<void> {
  await db.video.upsert({ where: { id }, create: { id, ...video }, update: { ...video, fetchedAt: new Date() } });
}

/** A new ready course with its videos, and its chapters with their sections, in one write; answers its id. */
export function insertCourseWithOutline(
  tx: DbClient,
  {
    videos,
    chapters,
    ...course
  }: Omit<Prisma.CourseUncheckedCreateInput, "videos" | "chapters" | "status"> & {
    videos: Omit<Prisma.CourseVideoUncheckedCreateWithoutCourseInput, "id">[];
    chapters: (Omit<Prisma.ChapterUncheckedCreateWithoutCourseInput, "sections" | "id"> & { sections: Prisma.SectionCreateWithoutChapterInput[] })[];
  },
): Promise<{ id: number }> {
  return tx.course.create({
    data: {
      ...course,
      status: "ready",
      videos: { create: videos },
      chapters: { create: chapters.map(({ sections, ...chapter }) => ({ ...chapter, sections: { create: sections } })) },
    },
    select: { id: true },
  });
}

import type { Prisma } from "~/generated/prisma/client";
import type { DbClient } from "~/server/db";

import { createUser, uniqueSuffix } from "./user";

export type CourseOverrides = Partial<Omit<Prisma.CourseUncheckedCreateInput, "id" | "chapters">> & {
  /**
   * How many chapters to create (default 1), each with `sectionsPerChapter` sections (default 2).
   * A ready course always has sections (a data invariant): pass `chapters: 0` only with another status.
   */
  chapters?: number;
  sectionsPerChapter?: number;
};

/**
 * A course with every column filled (ready, offline engine, private); creates its owner unless
 * `userId` is given. Chapters and sections are numbered from 1 with increasing, in-video times.
 * With a `videoId` (of a stored video), the course is on that video as generation writes it: one
 * CourseVideo row at the start of the timeline, with the video's own track.
 */
export async function createCourse(db: DbClient, overrides: CourseOverrides = {}) {
  const { chapters = 1, sectionsPerChapter = 2, ...fields } = overrides;
  const userId = fields.userId ?? (await createUser(db)).id;
  const suffix = uniqueSuffix();
  const secondsPerSection = 60;
  const video = fields.videoId
    ? await db.video.findUniqueOrThrow({
        where: { id: fields.videoId },
        select: { title: true, durationSeconds: true, transcripts: { where: { translated: false }, select: { id: true }, orderBy: { id: "asc" }, take: 1 } },
      })
    : null;
  return db.course.create({
    data: {
      videoId: null,
      title: `Course ${suffix}`,
      description: `A course about topic ${suffix}`,
      topic: `topic ${suffix}`,
      complexity: "beginner",
      additionalInstructions: null,
      thumbnailUrl: `https://images.example.test/course-${suffix}.jpg`,
      status: "ready",
      engine: "offline",
      isPublic: false,
      ...fields,
      userId,
      ...(video && fields.videoId
        ? {
            videos: {
              create: {
                position: 0,
                videoId: fields.videoId,
                transcriptId: video.transcripts[0]?.id ?? null,
                offsetSeconds: 0,
                durationSeconds: video.durationSeconds,
                title: video.title,
              },
            },
          }
        : {}),
      chapters: {
        create: Array.from({ length: chapters }, (_, c) => ({
          title: `Chapter ${c + 1}`,
          order: c + 1,
          summary: `Summary of chapter ${c + 1}`,
          sections: {
            create: Array.from({ length: sectionsPerChapter }, (_, s) => {
              const index = c * sectionsPerChapter + s;
              return {
                title: `Section ${c + 1}.${s + 1}`,
                order: s + 1,
                content: `Content of section ${c + 1}.${s + 1}`,
                timeStart: index * secondsPerSection,
                timeEnd: (index + 1) * secondsPerSection,
              };
            }),
          },
        })),
      },
    },
    include: { chapters: { orderBy: { order: "asc" }, include: { sections: { orderBy: { order: "asc" } } } } },
  });
}

export type CreatedCourse = Awaited<ReturnType<typeof createCourse>>;

export const sectionsOf = (course: CreatedCourse) => course.chapters.flatMap((chapter) => chapter.sections);

/**
 * Makes a course a playlist course: a Video and a CourseVideo row per duration (seconds), each
 * video starting on the course's timeline where the one before ends. Returns the rows' timeline.
 */
export async function addPlaylistVideos(db: DbClient, courseId: number, durations: readonly number[]) {
  const videos: { videoId: string; offsetSeconds: number; durationSeconds: number }[] = [];
  let offsetSeconds = 0;
  for (const [position, durationSeconds] of durations.entries()) {
    const videoId = `p${position}${uniqueSuffix()}`
      .replace(/[^A-Za-z0-9_-]/g, "")
      .slice(0, 11)
      .padEnd(11, "x");
    await db.video.create({ data: { id: videoId, source: "library", title: `Part ${position + 1}`, durationSeconds } });
    await db.courseVideo.create({ data: { courseId, position, videoId, offsetSeconds, durationSeconds, title: `Part ${position + 1}` } });
    videos.push({ videoId, offsetSeconds, durationSeconds });
    offsetSeconds += durationSeconds;
  }
  return videos;
}

import { cleanLearnerText, toStorableText } from "~/lib/schemas/common";
import type { Complexity } from "~/lib/schemas/course";
import { outlineProblems } from "~/server/ai/offline/outline-invariants";
import type { CourseOutline, NamedConcept } from "~/server/ai/structure/types";
import { combineTracks, videoOffsets } from "~/lib/course-timeline";
import type { DbClient } from "~/server/db/client";
import { insertCourseWithOutline } from "~/server/db/queries/generation";
import type { TimedSegment } from "~/server/video/types";

import type { ReadyVideo } from "./transcript-cache";

export type TimedChapter = {
  title: string;
  summary: string | null;
  order: number;
  sections: { title: string; content: string; order: number; timeStart: number; timeEnd: number; modelConcepts?: NamedConcept[] }[];
};

const TITLE_MAX = 200;
const TOPIC_MAX = 200;

/**
 * Turns an engine's outline into chapters and sections with real times: each section starts at
 * its first segment's time (whole seconds) and ends where the next begins, or at the video's end.
 * An outline that breaks the structural rules is refused, so no course is saved with times out
 * of order or outside the video.
 */
export function timeOutline(outline: CourseOutline, video: { segments: readonly TimedSegment[]; durationSeconds: number }): TimedChapter[] {
  const problems = outlineProblems(outline, video.segments);
  if (problems.length > 0) throw new Error(`the course outline is not sound: ${problems.slice(0, 3).join("; ")}`);
  const startMsOf = new Map(video.segments.map((segment) => [segment.index, segment.startMs]));
  const starts = outline.chapters.flatMap((chapter) => chapter.sections.map((section) => Math.floor((startMsOf.get(section.startSegment) ?? 0) / 1000)));
  let k = 0;
  return outline.chapters.map((chapter, c) => ({
    title: clip(chapter.title, TITLE_MAX),
    summary: chapter.summary === null ? null : toStorableText(chapter.summary),
    order: c + 1,
    sections: chapter.sections.map((section, s) => {
      const timeStart = Math.min(starts[k] ?? 0, video.durationSeconds);
      const timeEnd = Math.max(timeStart, Math.min(starts[k + 1] ?? video.durationSeconds, video.durationSeconds));
      k += 1;
      const concepts = section.concepts?.length ? { modelConcepts: section.concepts } : {};
      return { title: clip(section.title, TITLE_MAX), content: toStorableText(section.content), order: s + 1, timeStart, timeEnd, ...concepts };
    }),
  }));
}

export type NewCourse = {
  userId: number;
  topic: string;
  complexity: Complexity;
  additionalInstructions: string | null;
  engine: string;
  /** The language the course is written in (a base subtag). */
  language: string;
  /** Sections name segments by their index across the videos, taken one after another. */
  outline: CourseOutline;
  /** In order: one video, or a playlist's videos. */
  videos: readonly ReadyVideo[];
  playlistId: string | null;
};

/**
 * Writes the course with its videos, chapters and sections; call it inside the job's final
 * transaction. The videos are laid one after another on the course's timeline, so section times
 * are seconds from the start of the first.
 */
export async function insertCourse(tx: DbClient, course: NewCourse): Promise<{ id: number }> {
  const offsets = videoOffsets(course.videos.map((video) => video.durationSeconds));
  const segments = combineTracks(course.videos.map((video, k) => ({ offsetSeconds: offsets[k]!, segments: video.segments })));
  const durationSeconds = (offsets.at(-1) ?? 0) + (course.videos.at(-1)?.durationSeconds ?? 0);
  const chapters = timeOutline(course.outline, { segments, durationSeconds });
  const first = course.videos[0]!;
  return insertCourseWithOutline(tx, {
    userId: course.userId,
    videoId: first.id,
    playlistId: course.playlistId,
    title: clip(course.outline.title, TITLE_MAX),
    description: toStorableText(course.outline.description),
    topic: clip(course.topic, TOPIC_MAX),
    complexity: course.complexity,
    additionalInstructions: course.additionalInstructions,
    thumbnailUrl: first.thumbnailUrl,
    engine: course.engine,
    language: course.language,
    videos: course.videos.map((video, position) => ({
      position,
      videoId: video.id,
      transcriptId: video.transcriptId,
      offsetSeconds: offsets[position]!,
      durationSeconds: video.durationSeconds,
      title: clip(video.title, TITLE_MAX),
    })),
    chapters: chapters.map((chapter) => ({
      title: chapter.title,
      order: chapter.order,
      summary: chapter.summary === null ? null : toStorableText(chapter.summary),
      sections: chapter.sections,
    })),
  });
}

/**
 * A title shown to learners, cleaned like learner text: a video's title (or a model's) holding a
 * bidi override or zero-width characters would otherwise display spoofed in a public course.
 */
function clip(text: string, max: number): string {
  const trimmed = cleanLearnerText(toStorableText(text), "one-line");
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

import { combineTracks } from "~/lib/course-timeline";
import { transcriptLanguage } from "~/server/ai/offline/language";
import type { DbClient } from "~/server/db";
import { selectCourseVideos, selectSegmentsOfTracks } from "~/server/db/queries/transcript";
import type { TimedSegment } from "~/server/video/types";

/**
 * The transcript a course was built from, on the course's timeline: for a course from one video,
 * that video's track (for a course made from a translated track, that track); for a course from a
 * playlist, the tracks of its videos one after another, each shifted to where its video starts,
 * with segment indexes counted across them. `key` names that combination, for caches.
 */
export type CourseTrack = { key: string; language: string; segments: TimedSegment[] };

type TrackPart = { transcriptId: number; offsetSeconds: number; language: string };

/**
 * The course's track, or null when none of its videos has a transcript. Segments are read only
 * when `needs` says the caller has no copy of that combination yet. Callers have checked that the
 * course may be seen.
 */
export async function getCourseTrack(db: DbClient, courseId: number, needs: (key: string) => boolean = () => true): Promise<CourseTrack | null> {
  const parts = (await selectCourseVideos(db, courseId)).flatMap((video): TrackPart[] =>
    video.transcriptId === null ? [] : [{ transcriptId: video.transcriptId, offsetSeconds: video.offsetSeconds, language: video.language ?? "und" }],
  );
  if (parts.length === 0) return null;
  const key = parts.map((part) => `${part.transcriptId}@${part.offsetSeconds}`).join(",");
  if (!needs(key)) return { key, language: parts[0]!.language, segments: [] };
  const rows = await selectSegmentsOfTracks(
    db,
    parts.map((part) => part.transcriptId),
  );
  const segments = combineTracks(
    parts.map((part) => ({ offsetSeconds: part.offsetSeconds, segments: rows.filter((row) => row.transcriptId === part.transcriptId) })),
  );
  if (segments.length === 0) return null;
  return { key, language: storedTrackLanguage(parts[0]!.language, segments), segments };
}

/** A stored track's language; tracks stored before languages were recorded say "und", and their text says what they are. */
export function storedTrackLanguage(stored: string, segments: readonly Pick<TimedSegment, "text">[]): string {
  return stored === "und" ? transcriptLanguage(segments) : stored;
}

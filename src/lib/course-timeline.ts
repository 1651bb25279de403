/**
 * A course's one timeline over its videos. Section times, notes, cards, transcript lines and the
 * tutor's citations are seconds from the start of the course: a course from one video has that
 * video's times; in a course from a playlist, video k starts where video k-1 ends (its
 * `offsetSeconds`). Only the player, and links to YouTube, need a video's own time.
 */
export type TimelineVideo = { videoId: string; offsetSeconds: number; durationSeconds: number };

/** Where each video starts when they play one after another. */
export function videoOffsets(durations: readonly number[]): number[] {
  let offset = 0;
  return durations.map((duration) => {
    const start = offset;
    offset += Math.max(0, Math.round(duration));
    return start;
  });
}

/**
 * The video playing at a course time, and the time in it: the last video starting at or before
 * it (a time past the end stays in the last video). Null for a course without videos.
 */
export function videoAt<V extends TimelineVideo>(videos: readonly V[], courseSeconds: number): { video: V; index: number; seconds: number } | null {
  let index = -1;
  for (let k = 0; k < videos.length; k += 1) if (videos[k]!.offsetSeconds <= courseSeconds) index = k;
  if (videos.length === 0) return null;
  index = Math.max(0, index);
  const video = videos[index]!;
  return { video, index, seconds: Math.max(0, courseSeconds - video.offsetSeconds) };
}

/** A moment of a video, as a course time. */
export function courseTime(video: Pick<TimelineVideo, "offsetSeconds">, videoSeconds: number): number {
  return video.offsetSeconds + Math.max(0, videoSeconds);
}

/**
 * The tracks of a course's videos as one list of segments: each segment shifted to its video's
 * place on the timeline, indexes counted across the videos.
 */
export function combineTracks<S extends { startMs: number; endMs: number; text: string }>(
  tracks: readonly { offsetSeconds: number; segments: readonly S[] }[],
): { index: number; startMs: number; endMs: number; text: string }[] {
  const combined: { index: number; startMs: number; endMs: number; text: string }[] = [];
  for (const track of tracks) {
    const offsetMs = track.offsetSeconds * 1000;
    for (const segment of track.segments) {
      combined.push({ index: combined.length, startMs: segment.startMs + offsetMs, endMs: segment.endMs + offsetMs, text: segment.text });
    }
  }
  return combined;
}

/**
 * How a course time reads to a learner: the moment ("3:45") for a course from one video; the
 * video and its own moment ("Video 2 · 3:45") for a course from a playlist.
 */
export function momentLabel(videos: readonly TimelineVideo[], courseSeconds: number, format: (seconds: number) => string): string {
  if (videos.length <= 1) return format(courseSeconds);
  const at = videoAt(videos, courseSeconds);
  return at ? `Video ${at.index + 1} · ${format(at.seconds)}` : format(courseSeconds);
}

import { type TimelineVideo, videoAt } from "~/lib/course-timeline";

/** The video on YouTube at a moment (whole seconds), as every export links it. */
export function videoMomentUrl(videoId: string, seconds: number): string {
  const at = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&t=${at}s`;
}

/** A course time as the link to its video there (a playlist's video, at its own time); null for a course without a video. */
export function courseMomentUrl(videos: readonly TimelineVideo[], courseSeconds: number): string | null {
  const at = videoAt(videos, Number.isFinite(courseSeconds) ? courseSeconds : 0);
  return at ? videoMomentUrl(at.video.videoId, at.seconds) : null;
}

/**
 * A file name for a download, from a title: ASCII letters, digits and dashes only (accents
 * folded, everything else a dash), at most 80 characters, never empty.
 */
export function asciiFileName(title: string, extension: string, fallback = "course"): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "")
    .toLowerCase();
  return `${base || fallback}.${extension}`;
}

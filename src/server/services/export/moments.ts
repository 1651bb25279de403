import { formatTimestamp } from "~/lib/timestamps";

/** The video on YouTube at a moment (whole seconds), as every export links it. */
export function videoMomentUrl(videoId: string, seconds: number): string {
  const at = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&t=${at}s`;
}

/** "m:ss" linked to the video at that moment, or plain "m:ss" for a course without a video. */
export function momentMarkdown(videoId: string | null, seconds: number): string {
  const label = formatTimestamp(seconds);
  return videoId ? `[${label}](${videoMomentUrl(videoId, seconds)})` : label;
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

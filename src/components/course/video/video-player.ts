import type { Ref } from "react";

/**
 * What the course player needs from a video: the YouTube IFrame player in production, a local
 * stub (VIDEO_PLAYER=stub) in browser tests. Both report the time through `onTime` about once a
 * second and seek without reloading anything.
 */
export interface VideoPlayer {
  seekTo(seconds: number): void;
  getCurrentTime(): number;
}

export type VideoPlayerKind = "youtube" | "stub";

export type VideoPlayerProps = {
  ref?: Ref<VideoPlayer>;
  videoId: string | null;
  title: string;
  /** Where the video starts when the player is created (it autoplays from there). */
  startSeconds: number;
  /** The current time, about once a second and right after a seek. */
  onTime: (seconds: number) => void;
};

/** How often the player reads the video's time. */
export const TIME_POLL_MS = 1000;

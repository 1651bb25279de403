import { type ComponentType, lazy } from "react";

import type { VideoPlayerKind, VideoPlayerProps } from "./video-player";

/** The player of one video by kind, each loaded on demand: a page only downloads the one its server uses. */
export const VIDEO_PLAYERS: Record<VideoPlayerKind, ComponentType<VideoPlayerProps & { duration: number }>> = {
  youtube: lazy(() => import("./youtube-player")),
  stub: lazy(() => import("./stub-player")),
};

/** Types of test/fakes/youtube.mjs (a local fake of the YouTube Data API and InnerTube). */

export type FakeYouTubeMode = "normal" | "quota" | "down" | "error" | "slow";

export type FakeYouTubeRequest = {
  method: string | undefined;
  path: string;
  query: Record<string, string>;
  body: string;
};

export type FakeYouTube = {
  /** Origin of the fake; the Data API base is `${url}/youtube/v3`, the youtubei base is `url`. */
  url: string;
  port: number;
  /** Every request to the YouTube endpoints (not /health or /__control), in arrival order. */
  requests: FakeYouTubeRequest[];
  setMode(mode: FakeYouTubeMode, options?: { delayMs?: number }): void;
  close(): Promise<void>;
};

export type FakeYouTubeOptions = {
  port?: number;
  host?: string;
  /** A folder in the shared fixtures' format; default test/fixtures/videos. */
  videosDir?: string;
  apiKey?: string;
};

export type FakeVideo = {
  id: string;
  title: string;
  channel: string;
  description: string;
  durationSeconds: number;
  viewCount: number;
  embeddable: boolean;
  segments: { text: string; start: number; duration: number }[];
};

export function startFakeYouTube(options?: FakeYouTubeOptions): Promise<FakeYouTube>;
export function loadFixtureVideos(dir: string): Map<string, FakeVideo>;

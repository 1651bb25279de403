import { KnownFailure } from "~/lib/failure";

/**
 * Why a video source could not answer. The pipeline skips an unreachable source (and logs the
 * reason); quota and bad responses are reported the same way. The message is for logs and, when
 * every source fails, for the learner.
 */
export type VideoSourceFailure = "unreachable" | "quota" | "bad-response" | "not-configured";

export class VideoSourceError extends KnownFailure<VideoSourceFailure> {
  override readonly name = "VideoSourceError";
  constructor(
    kind: VideoSourceFailure,
    readonly source: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(kind, message, options);
  }
}

export const isVideoSourceError = (error: unknown): error is VideoSourceError => error instanceof VideoSourceError;

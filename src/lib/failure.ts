/**
 * A failure of a known kind from an adapter (a model call, a video source, the payment provider):
 * `kind` tells the caller what to do (retry, skip the source, answer 503), the message is for
 * the logs. Each adapter names its own kinds and its own subclass.
 */
export class KnownFailure<Kind extends string> extends Error {
  constructor(
    readonly kind: Kind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Offline study: the limits of POST /api/reviews/sync, which the device's queue checks first. Zod-free: pages import it. */

/** At most this many reviews in one sync request; a device sends its queue in batches of this size. */
export const MAX_SYNC_REVIEWS = 200;
/** A review may be stamped this far ahead of the server's clock (a device's clock runs a little fast). */
export const SYNC_CLOCK_SKEW_MS = 5 * 60_000;
/** A review older than this is refused: the device has been offline too long for its schedule to mean anything. */
export const SYNC_MAX_AGE_DAYS = 30;
export const CLIENT_ID_MAX_LENGTH = 64;

export const SYNC_MESSAGES = {
  tooMany: `At most ${MAX_SYNC_REVIEWS} reviews can be synced at once`,
  empty: "There are no reviews to sync",
  inFuture: "A review is dated in the future",
  tooOld: `A review is more than ${SYNC_MAX_AGE_DAYS} days old`,
  duplicateClientId: "Two reviews in the batch have the same clientId",
  badClientId: "clientId must be 8 to 64 letters, digits, '-' or '_'",
} as const;

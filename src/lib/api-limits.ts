/**
 * The widest tRPC batch the server takes (a wider one would walk around per-request rate limits).
 * The server refuses more; the app's React client and the typed client (src/client, which may
 * import this one file of lib/) never send more.
 */
export const MAX_TRPC_BATCH = 10;

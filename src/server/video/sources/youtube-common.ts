/** What the two YouTube sources (the Data API and youtubei.js) share about languages and playlists. */

/** YouTube's playlist ids (PL…, UU…, OL…, RD…): letters, digits, `-` and `_`. */
const PLAYLIST_ID = /^[A-Za-z0-9_-]{10,64}$/;
const LANGUAGE_SUBTAG = /^[a-z]{2,3}$/;

/** True for a string of the shape of a YouTube playlist id. */
export function isPlaylistId(value: string): boolean {
  return PLAYLIST_ID.test(value);
}

/** A whole, non-negative number of playlist videos to collect. */
export function playlistLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
}

/**
 * How many videos a playlist holds: the count YouTube reports when it does (never fewer than
 * were seen), else the videos seen, plus one when there are pages not fetched, so a caller can
 * tell that the playlist goes on beyond them.
 */
export function playlistTotal(reported: number | null, seen: number, hasMore: boolean): number {
  if (reported !== null) return Math.max(reported, seen);
  return seen + (hasMore ? 1 : 0);
}

/** A base language subtag ("es"), lower-cased; null for anything else ("es-MX", "", "english"). */
export function languageSubtag(language: string | undefined): string | null {
  const subtag = language?.trim().toLowerCase();
  return subtag !== undefined && LANGUAGE_SUBTAG.test(subtag) ? subtag : null;
}

/**
 * Recognises YouTube links and video ids typed or pasted by a user. Pure string work: nothing is
 * fetched, so an unknown id is only "well-formed", not "exists".
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** Hosts whose paths we understand. An exact set, so `youtube.com.evil.example` never matches. */
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const SHORT_LINK_HOSTS = new Set(["youtu.be", "www.youtu.be"]);
const NOCOOKIE_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);

/** `/embed/<id>`, `/shorts/<id>`, … : the path prefixes that carry the id as the next segment. */
const ID_PATH_PREFIXES = new Set(["embed", "shorts", "live", "v", "e"]);

const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
const YOUTUBE_HOST_MENTION = /(^|[^a-z0-9-])(youtube\.com|youtu\.be|youtube-nocookie\.com)([^a-z0-9-]|$)/i;

/** True for a string of the shape of a YouTube video id (11 of A-Z a-z 0-9 _ -). */
export function isVideoId(value: string): boolean {
  return VIDEO_ID.test(value);
}

/**
 * An 11-letter word such as "programming" or "Engineering" has the shape of an id too. Real ids
 * made only of letters in word case are vanishingly rare, so a bare word is read as a topic; the
 * full link always works for such an id.
 */
function isBareVideoId(value: string): boolean {
  return VIDEO_ID.test(value) && !/^[A-Za-z][a-z]*$/.test(value);
}

/** The id in `input` (a bare id or any common YouTube URL form), or null. */
export function parseVideoId(input: string): string | null {
  const trimmed = input.trim();
  if (isBareVideoId(trimmed)) return trimmed;
  const url = toUrl(trimmed);
  return url ? videoIdFromUrl(url) : null;
}

/**
 * True when `input` is an attempt at a link or an id rather than a topic, so the caller can
 * answer "this link is not valid" instead of searching for the text of a broken link.
 */
export function isYouTubeUrlLike(input: string): boolean {
  const trimmed = input.trim();
  if (trimmed === "") return false;
  if (parseVideoId(trimmed) !== null || parsePlaylistId(trimmed) !== null) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || /^\/\//.test(trimmed) || /^www\./i.test(trimmed)) return true;
  if (/^(javascript|data|vbscript|file|blob|about):/i.test(trimmed)) return true;
  // A topic may be several words ("how youtube.com ranks videos"); a link never holds spaces.
  return !/\s/.test(trimmed) && YOUTUBE_HOST_MENTION.test(trimmed);
}

export type VideoInput =
  { kind: "video"; videoId: string } | { kind: "playlist"; listId: string } | { kind: "invalid-link" } | { kind: "topic"; topic: string };

/** Playlist ids as YouTube writes them: PL…, OL…, UU… and the like. */
const PLAYLIST_ID = /^[A-Za-z0-9_-]{10,64}$/;
/**
 * Lists YouTube makes up as you watch (a "Mix" is RD…, "watch later" WL, "liked" LL): a watch link
 * carrying one means the video, not a series.
 */
const GENERATED_LIST = /^(RD|WL$|LL$|UL)/;

/** Why `value` cannot be the list id of a playlist link, or null when it can. */
export function playlistIdProblem(value: string): string | null {
  if (!PLAYLIST_ID.test(value)) return "a playlist id is 10 to 64 of A-Z a-z 0-9 _ -";
  if (GENERATED_LIST.test(value)) return "RD…, WL, LL and UL… are lists YouTube makes up as you watch, read as the video, not a playlist";
  return null;
}

/**
 * The playlist a link names: `youtube.com/playlist?list=…`, or a watch (or youtu.be) link with a
 * `list=` of a real playlist. Null for anything else.
 */
export function parsePlaylistId(input: string): string | null {
  const url = toUrl(input.trim());
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!YOUTUBE_HOSTS.has(host) && !SHORT_LINK_HOSTS.has(host)) return null;
  const listId = url.searchParams.get("list");
  if (listId === null || playlistIdProblem(listId) !== null) return null;
  const path = url.pathname.replace(/\/+$/, "");
  const isPlaylistPage = YOUTUBE_HOSTS.has(host) && path === "/playlist";
  return isPlaylistPage || videoIdFromUrl(url) !== null ? listId : null;
}

/** What the user typed: a playlist or a video to use, a link we cannot read (answer 400), or a topic to search. */
export function classifyVideoInput(input: string): VideoInput {
  const listId = parsePlaylistId(input);
  if (listId !== null) return { kind: "playlist", listId };
  const videoId = parseVideoId(input);
  if (videoId !== null) return { kind: "video", videoId };
  if (isYouTubeUrlLike(input)) return { kind: "invalid-link" };
  return { kind: "topic", topic: input.trim() };
}

function toUrl(text: string): URL | null {
  if (text === "" || /\s/.test(text)) return null;
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") return null;
  const withScheme = scheme !== undefined ? text : text.startsWith("//") ? `https:${text}` : `https://${text}`;
  try {
    const url = new URL(withScheme);
    // `https://youtube.com@evil.example/` is a login to evil.example; refuse credentials outright.
    if (url.username !== "" || url.password !== "") return null;
    return url;
  } catch {
    return null;
  }
}

function videoIdFromUrl(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  let candidate: string | null | undefined = null;
  if (YOUTUBE_HOSTS.has(host)) {
    candidate = segments[0] === "watch" && segments.length === 1 ? url.searchParams.get("v") : idAfterPrefix(segments);
  } else if (SHORT_LINK_HOSTS.has(host)) {
    candidate = segments.length === 1 ? segments[0] : null;
  } else if (NOCOOKIE_HOSTS.has(host)) {
    candidate = segments[0] === "embed" ? idAfterPrefix(segments) : null;
  }
  return candidate != null && VIDEO_ID.test(candidate) ? candidate : null;
}

function idAfterPrefix(segments: string[]): string | null {
  const [prefix, id, ...rest] = segments;
  if (prefix === undefined || id === undefined || rest.length > 0) return null;
  return ID_PATH_PREFIXES.has(prefix) ? id : null;
}

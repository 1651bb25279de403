import type { Dirent } from "node:fs";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";

import { z } from "zod";

import { logger } from "~/server/logger";

import { CaptionFileError, type CaptionFormat, parseCaptionFile } from "../caption-files";
import { isVideoId, playlistIdProblem } from "../parse-video-id";
import { buildLibrarySearch, type LibrarySearch } from "../library-search";
import { compareStrings } from "../text-relevance";
import { baseLanguage } from "~/lib/languages";

import { type PlaylistDetails, type RawCaption, searchTerms, type TranslatedTrack, type VideoDetails, type VideoQuery, type VideoSource } from "../types";

/**
 * A folder of videos on disk, for offline use and tests. Its entries:
 * - `<id>.json` in the shared fixtures' format (metadata and `segments` in seconds; `language`
 *   says the transcript's language);
 * - `<name>.srt` or `<name>.vtt` with a `<name>.json` sidecar holding the metadata;
 * - `<lang>/<id>.json`: the same video's track in another language, in the fixtures' format (the
 *   layout of ../shared/fixtures/translations, so one folder holds both);
 * - `playlists/<listId>.json`: `{ "title": …, "videoIds": [...] }`, a playlist of the folder's videos.
 * Only the folder's own entries are read (never a path built from a caller's id), a file that
 * does not validate is skipped with a warning, and the parsed index is cached per folder until
 * a file's mtime or size changes. Search (library-search.ts) finds only videos that cover the
 * topic: a topic the library has nothing on finds nothing. A search in a language looks first
 * through the tracks in it (the videos' own or translated), in that language's words.
 */

const SOURCE_NAME = "library";
/** A caption file or JSON larger than this is not a transcript; refuse it rather than buffer it. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

const videoIdSchema = z.string().refine(isVideoId, "must be an 11-character YouTube-style id");

const fixtureVideoSchema = z.object({
  videoId: videoIdSchema,
  language: z.string().optional(),
  title: z.string().min(1),
  channel: z.string().default(""),
  description: z.string().default(""),
  durationSeconds: z.number().nonnegative(),
  // Real caption exports contain the odd negative duration; the normaliser repairs those times,
  // so they are not worth losing a whole video over.
  segments: z.array(z.object({ text: z.string(), start: z.number(), duration: z.number() })),
});

const sidecarSchema = z.object({
  videoId: videoIdSchema,
  title: z.string().min(1),
  description: z.string().default(""),
  channel: z.string().default(""),
  durationSeconds: z.number().nonnegative().optional(),
  language: z.string().optional(),
});

const playlistSchema = z.object({
  title: z.string().min(1),
  videoIds: z.array(z.string()),
});

/** A language folder's name: a base subtag, as the fixtures' translations use ("es", "zh"). */
const LANGUAGE_FOLDER = /^[a-z]{2,3}$/;
const PLAYLIST_FOLDER = "playlists";

type LibraryTrack = TranslatedTrack & { title: string; description: string };
type LibraryVideo = {
  details: VideoDetails;
  captions: RawCaption[];
  /** The base subtag of the video's own track, when its file says. */
  language: string | null;
  tracks: Map<string, LibraryTrack>;
};
type LibraryIndex = {
  signature: string;
  videos: Map<string, LibraryVideo>;
  search: LibrarySearch;
  /** Per language, a search over the tracks in it. */
  searchIn: Map<string, LibrarySearch>;
  playlists: Map<string, Omit<PlaylistDetails, "totalVideos">>;
};
type FileEntry = { name: string; path: string; mtimeMs: number; size: number };

const indexCache = new Map<string, LibraryIndex>();
const pendingBuilds = new Map<string, Promise<LibraryIndex>>();

export function createLibrarySource(dir: string): Required<VideoSource> {
  const root = path.resolve(dir);
  return {
    name: SOURCE_NAME,
    async search(query: VideoQuery, signal?: AbortSignal) {
      signal?.throwIfAborted();
      const terms = searchTerms(query);
      if (!terms) return [];
      const index = await loadIndex(root);
      const inLanguage = query.language === undefined ? [] : (index.searchIn.get(query.language)?.search(terms.topic, terms.limit) ?? []);
      const ids = [...new Set([...inLanguage, ...index.search.search(terms.topic, terms.limit)].map(({ id }) => id))];
      return ids.slice(0, terms.limit).flatMap((id) => {
        const video = index.videos.get(id);
        return video ? [{ ...video.details }] : [];
      });
    },
    async details(videoId: string, signal?: AbortSignal) {
      signal?.throwIfAborted();
      if (!isVideoId(videoId)) return null;
      const video = (await loadIndex(root)).videos.get(videoId);
      return video ? { ...video.details } : null;
    },
    async transcript(videoId: string, signal?: AbortSignal) {
      signal?.throwIfAborted();
      if (!isVideoId(videoId)) return null;
      const captions = (await loadIndex(root)).videos.get(videoId)?.captions;
      return captions !== undefined && captions.length > 0 ? captions.map((caption) => ({ ...caption })) : null;
    },
    async translatedTranscript(videoId: string, language: string, signal?: AbortSignal) {
      signal?.throwIfAborted();
      if (!isVideoId(videoId)) return null;
      const video = (await loadIndex(root)).videos.get(videoId);
      const track = video ? trackIn(video, language) : null;
      return track ? { ...track, captions: track.captions.map((caption) => ({ ...caption })) } : null;
    },
    async load() {
      await loadIndex(root);
    },
    async playlist(listId: string, limit: number, signal?: AbortSignal) {
      signal?.throwIfAborted();
      if (playlistIdProblem(listId) !== null) return null;
      const playlist = (await loadIndex(root)).playlists.get(listId);
      if (!playlist) return null;
      return { ...playlist, videoIds: playlist.videoIds.slice(0, Math.max(0, limit)), totalVideos: playlist.videoIds.length };
    },
  };
}

/** The video's track in `language`: a translated one, or its own when that is in the language. */
function trackIn(video: LibraryVideo, language: string): LibraryTrack | null {
  const translated = video.tracks.get(language);
  if (translated) return translated;
  if (video.language !== language || video.captions.length === 0) return null;
  return { captions: video.captions, title: video.details.title, description: video.details.description };
}

/** For tests: forget every cached index. */
export function clearLibraryCache(): void {
  indexCache.clear();
  pendingBuilds.clear();
}

type Listing = { files: FileEntry[]; linksOutside: string[] };

async function loadIndex(root: string): Promise<LibraryIndex> {
  const listing = await listFolder(root);
  const signature = listing === null ? "unreadable" : listingSignature(listing);
  const cached = indexCache.get(root);
  if (cached?.signature === signature) return cached;
  // Concurrent first calls (search and details of one request) share one build.
  const key = `${root}\n${signature}`;
  const pending = pendingBuilds.get(key) ?? buildAndCache(root, listing, signature);
  pendingBuilds.set(key, pending);
  try {
    return await pending;
  } finally {
    pendingBuilds.delete(key);
  }
}

async function buildAndCache(root: string, listing: Listing | null, signature: string): Promise<LibraryIndex> {
  // Warnings are logged while building, so each problem is reported once per change, not per call.
  if (listing === null) logger.warn("video library folder is not readable", { dir: root });
  for (const name of listing?.linksOutside ?? []) logger.warn("video library entry skipped: it links outside the folder", { file: name });
  const index = await buildIndex(listing?.files ?? [], signature);
  indexCache.set(root, index);
  return index;
}

function listingSignature({ files, linksOutside }: Listing): string {
  return [...files.map((file) => `${file.name}:${file.mtimeMs}:${file.size}`), ...linksOutside.map((name) => `${name}:outside`)].join("|");
}

/** The folder's regular files, sorted by name, and the symlinks that point outside it; null when unreadable. */
async function listFolder(root: string): Promise<Listing | null> {
  let entries: Dirent[];
  let realRoot: string;
  try {
    realRoot = await realpath(root);
    entries = await readdir(realRoot, { withFileTypes: true });
  } catch {
    return null;
  }
  const listing: Listing = { files: [], linksOutside: [] };
  await addEntries(realRoot, "", entries, listing);
  for (const entry of entries) {
    if (!entry.isDirectory() || !(LANGUAGE_FOLDER.test(entry.name) || entry.name === PLAYLIST_FOLDER)) continue;
    const inner = await readdir(path.join(realRoot, entry.name), { withFileTypes: true }).catch(() => []);
    await addEntries(realRoot, entry.name, inner, listing, /\.json$/i);
  }
  listing.files.sort((a, b) => compareStrings(a.name, b.name));
  listing.linksOutside.sort(compareStrings);
  return listing;
}

/** The folder's (or one of its subfolders') files of the given kinds; their names are relative to the root. */
async function addEntries(realRoot: string, folder: string, entries: readonly Dirent[], listing: Listing, kinds = /\.(json|srt|vtt)$/i): Promise<void> {
  for (const entry of entries) {
    if (entry.name.startsWith(".") || !kinds.test(entry.name)) continue;
    const name = folder === "" ? entry.name : `${folder}/${entry.name}`;
    const file = await statInside(realRoot, name, entry);
    if (file === "outside") listing.linksOutside.push(name);
    else if (file !== null) listing.files.push(file);
  }
}

/** Never follows a link out of the folder: a library must not become a way to read any file. */
async function statInside(realRoot: string, name: string, entry: Dirent): Promise<FileEntry | "outside" | null> {
  const filePath = path.join(realRoot, name);
  try {
    const target = entry.isSymbolicLink() ? await realpath(filePath) : filePath;
    const relative = path.relative(realRoot, target);
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return "outside";
    const info = await stat(target);
    if (!info.isFile()) return null;
    return { name, path: target, mtimeMs: info.mtimeMs, size: info.size };
  } catch {
    return null;
  }
}

async function buildIndex(files: readonly FileEntry[], signature: string): Promise<LibraryIndex> {
  const byStem = groupByStem(files.filter((file) => !file.name.includes("/")));
  const videos = new Map<string, LibraryVideo>();
  for (const [stem, group] of byStem) {
    const video = await loadEntry(stem, group);
    if (video === null) continue;
    if (videos.has(video.details.id)) {
      logger.warn("video library entry skipped: duplicate video id", { file: group.json?.name ?? stem, videoId: video.details.id });
      continue;
    }
    videos.set(video.details.id, video);
  }
  for (const file of files.filter((entry) => LANGUAGE_FOLDER.test(entry.name.split("/")[0] ?? "") && entry.name.includes("/"))) {
    await addTrack(videos, file);
  }
  const search = buildLibrarySearch([...videos.values()].map(({ details, captions }) => searchable(details.id, details, captions)));
  return { signature, videos, search, searchIn: searchesByLanguage(videos), playlists: await loadPlaylists(files, videos) };
}

function searchable(id: string, text: { title: string; description: string }, captions: readonly RawCaption[]) {
  return { id, title: text.title, description: text.description, transcript: captions.map((caption) => caption.text).join(" ") };
}

/** One search per language over the tracks in it: the videos' own (when their file names the language) and the translated. */
function searchesByLanguage(videos: ReadonlyMap<string, LibraryVideo>): Map<string, LibrarySearch> {
  const byLanguage = new Map<string, ReturnType<typeof searchable>[]>();
  for (const video of videos.values()) {
    const languages = new Set([...(video.language ? [video.language] : []), ...video.tracks.keys()]);
    for (const language of languages) {
      const track = trackIn(video, language);
      if (track) byLanguage.set(language, [...(byLanguage.get(language) ?? []), searchable(video.details.id, track, track.captions)]);
    }
  }
  return new Map([...byLanguage].map(([language, documents]) => [language, buildLibrarySearch(documents, language)]));
}

/** `<lang>/<id>.json`: a track of a video the folder holds, in that language. */
async function addTrack(videos: Map<string, LibraryVideo>, file: FileEntry): Promise<void> {
  const language = file.name.split("/")[0] ?? "";
  const parsed = await readJson(file, fixtureVideoSchema);
  if (parsed === null) return;
  const video = videos.get(parsed.videoId);
  if (!video) return skip(file, `no video ${parsed.videoId} in the folder for this track`);
  if (parsed.language !== undefined && baseLanguage(parsed.language) !== language) {
    return skip(file, `its language "${parsed.language}" is not the folder's "${language}"`);
  }
  const captions = fixtureCaptions(parsed.segments);
  if (captions.length === 0) return;
  video.tracks.set(language, { captions, title: parsed.title, description: parsed.description });
}

/** `playlists/<listId>.json`, keeping the ids of videos the folder holds (a missing one is skipped with a warning). */
async function loadPlaylists(files: readonly FileEntry[], videos: ReadonlyMap<string, LibraryVideo>): Promise<LibraryIndex["playlists"]> {
  const playlists: LibraryIndex["playlists"] = new Map();
  for (const file of files.filter((entry) => entry.name.startsWith(`${PLAYLIST_FOLDER}/`))) {
    const id = path.basename(file.name, path.extname(file.name));
    // Only a link reaches a playlist: a name the link parser refuses would be loaded for nobody.
    const problem = playlistIdProblem(id);
    if (problem !== null) {
      skip(file, `no link can reach it: "${id}" is not a playlist id (${problem})`);
      continue;
    }
    const parsed = await readJson(file, playlistSchema);
    if (parsed === null) continue;
    const missing = parsed.videoIds.filter((videoId) => !videos.has(videoId));
    if (missing.length > 0) logger.warn("video library playlist: videos not in the folder left out", { file: file.name, videoIds: missing.slice(0, 10) });
    playlists.set(id, { id, title: parsed.title, videoIds: parsed.videoIds.filter((videoId) => videos.has(videoId)) });
  }
  return playlists;
}

type EntryGroup = { json?: FileEntry; captions: { format: CaptionFormat; file: FileEntry }[] };

function groupByStem(files: readonly FileEntry[]): Map<string, EntryGroup> {
  const groups = new Map<string, EntryGroup>();
  for (const file of files) {
    const extension = path.extname(file.name).toLowerCase();
    const stem = file.name.slice(0, -extension.length);
    const group = groups.get(stem) ?? { captions: [] };
    if (extension === ".json") group.json = file;
    else group.captions.push({ format: extension === ".srt" ? "srt" : "vtt", file });
    groups.set(stem, group);
  }
  return groups;
}

async function loadEntry(stem: string, group: EntryGroup): Promise<LibraryVideo | null> {
  if (group.json === undefined) {
    logger.warn("video library entry skipped: caption file without a .json sidecar", { file: group.captions[0]?.file.name ?? stem });
    return null;
  }
  // WebVTT is preferred when both exist: it is the format YouTube and yt-dlp export.
  const caption = group.captions.find((candidate) => candidate.format === "vtt") ?? group.captions[0];
  return caption === undefined ? loadFixtureVideo(group.json) : loadCaptionedVideo(group.json, caption);
}

async function loadFixtureVideo(file: FileEntry): Promise<LibraryVideo | null> {
  const parsed = await readJson(file, fixtureVideoSchema);
  if (parsed === null) return null;
  const captions = fixtureCaptions(parsed.segments);
  const language = parsed.language === undefined ? null : baseLanguage(parsed.language);
  return { details: { ...toDetails(parsed, parsed.durationSeconds, captions), ...(language ? { language } : {}) }, captions, language, tracks: new Map() };
}

function fixtureCaptions(segments: readonly { text: string; start: number; duration: number }[]): RawCaption[] {
  return segments.map((segment) => ({
    text: segment.text,
    startMs: Math.max(0, Math.round(segment.start * 1000)),
    durationMs: Math.max(0, Math.round(segment.duration * 1000)),
  }));
}

async function loadCaptionedVideo(sidecar: FileEntry, caption: { format: CaptionFormat; file: FileEntry }): Promise<LibraryVideo | null> {
  const metadata = await readJson(sidecar, sidecarSchema);
  if (metadata === null) return null;
  const content = await readText(caption.file);
  if (content === null) return null;
  let captions: RawCaption[];
  try {
    captions = parseCaptionFile(caption.format, content);
  } catch (error) {
    if (!(error instanceof CaptionFileError)) throw error;
    skip(caption.file, error.message);
    return null;
  }
  const durationSeconds = metadata.durationSeconds ?? Math.ceil(lastCaptionEndMs(captions) / 1000);
  const language = metadata.language === undefined ? null : baseLanguage(metadata.language);
  return { details: { ...toDetails(metadata, durationSeconds, captions), ...(language ? { language } : {}) }, captions, language, tracks: new Map() };
}

function toDetails(
  metadata: { videoId: string; title: string; description: string; channel: string },
  durationSeconds: number,
  captions: readonly RawCaption[],
): VideoDetails {
  return {
    id: metadata.videoId,
    source: SOURCE_NAME,
    title: metadata.title,
    description: metadata.description,
    channelTitle: metadata.channel,
    durationSeconds: Math.round(durationSeconds),
    thumbnailUrl: `https://i.ytimg.com/vi/${metadata.videoId}/hqdefault.jpg`,
    viewCount: null,
    embeddable: true,
    hasCaptions: captions.length > 0,
  };
}

function lastCaptionEndMs(captions: readonly RawCaption[]): number {
  return captions.reduce((end, caption) => Math.max(end, caption.startMs + caption.durationMs), 0);
}

async function readJson<T>(file: FileEntry, schema: z.ZodType<T>): Promise<T | null> {
  const content = await readText(file);
  if (content === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    skip(file, `invalid JSON (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    skip(file, issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "does not match the expected shape");
    return null;
  }
  return result.data;
}

async function readText(file: FileEntry): Promise<string | null> {
  if (file.size > MAX_FILE_BYTES) {
    skip(file, `larger than ${MAX_FILE_BYTES} bytes`);
    return null;
  }
  try {
    return (await readFile(file.path, "utf8")).replace(/^\uFEFF/, "");
  } catch (error) {
    skip(file, `unreadable (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

function skip(file: FileEntry, reason: string): void {
  logger.warn("video library entry skipped", { file: file.name, reason });
}

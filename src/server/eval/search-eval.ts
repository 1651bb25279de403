import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { CANDIDATES_PER_SOURCE, TRANSCRIPT_TRIES_PER_SOURCE } from "~/server/services/generation/find-video";

import { orderSourceResults } from "~/server/video/ranking";
import { createLibrarySource } from "~/server/video/sources/library";
import type { Complexity, VideoDetails, VideoSource } from "~/server/video/types";

/**
 * How well the library picks a video for a topic, measured on a corpus of real videos with
 * queries the ranker does not see in the same form, and on topics the corpus does not cover.
 *
 * Held-out queries come from each video's creator chapter titles and from two rare words of its
 * description's summary line, phrased as a learner would ("what is X", "how does X work"). A
 * description lists the creator's chapters, so the library is measured twice: as the videos come,
 * and with the chapter lists taken out, where a chapter title must be found through the title,
 * the rest of the description or what is said in the video. Queries are built with their own small tokenizer, not the ranker's, so a change to the ranker's word
 * lists cannot change the questions it is marked on. Off-topic topics must all find nothing.
 */

export type HeldOutQuery = { query: string; videoId: string; from: "chapter" | "description" };

/** Topics a maths library has no video on: cooking, sports, history, music, nature, crafts, money… */
export const OFF_TOPIC_QUERIES: readonly string[] = [
  "how to bake sourdough bread",
  "best chocolate chip cookie recipe",
  "how do you make fresh pasta",
  "what is the offside rule in football",
  "how does a tennis tie break work",
  "basketball shooting drills for beginners",
  "marathon training plan",
  "history of the roman empire",
  "causes of the first world war",
  "what was the french revolution",
  "who built the pyramids of egypt",
  "how to play guitar chords",
  "music theory for piano scales",
  "how to grow tomatoes in pots",
  "how do bees make honey",
  "how to train a puppy to sit",
  "how to change a car tire",
  "how does a diesel engine work",
  "learn spanish verb conjugation",
  "japanese grammar particles",
  "photosynthesis in plants",
  "how does the immune system fight viruses",
  "what causes earthquakes",
  "how do volcanoes erupt",
  "weather forecasting clouds and rain",
  "how to knit a scarf",
  "watercolor painting techniques",
  "how to write a cover letter",
  "personal budgeting and saving money",
  "how does the stock market work",
  "yoga poses for back pain",
  "how to meditate",
  "chess opening strategy",
  "how to brew coffee with a french press",
  "what is the plot of hamlet",
  "how do airplanes fly",
  "wine tasting basics",
  "how do you tie a tie",
  "skateboarding tricks kickflip",
  "the life of napoleon bonaparte",
  "how do black holes form",
  "what is dna replication",
  "how do vaccines work",
  "what is quantum entanglement",
  "how does a sql database index work",
  "how to fix a leaking faucet",
  "the rules of cricket",
  "how do solar panels generate electricity",
  "what is inflation in economics",
  "how to care for succulents",
  "the history of jazz music",
  "how to improve my running pace",
  "what is the capital of australia",
  "how to cook rice in a pot",
  "symptoms of the common cold",
  "how do submarines dive",
  "the causes of climate change",
  "how to draw a portrait",
  "how to negotiate a salary",
  "what did the ancient greeks eat",
  "how to play poker",
  "how to learn to swim",
  "what is a mortgage",
  "how to make a website with html",
];

/** The measurement's own word list: function words, question words and words that name no subject. */
const QUERY_STOP_WORDS = new Set(
  (
    "a an and are as at be by can could do does for from has have how i in into is it its of on or our so than that the their " +
    "them then there these they this those to too was we were what when where which who why will with would you your about " +
    "some more most very just really actually here also one two three first last new video videos lesson lessons"
  ).split(" "),
);

/** Chapter titles that name a part of any video rather than its subject. */
const STRUCTURAL_CHAPTER =
  /^(intro|introduction|outro|recap|summary|conclusion|examples?|background|takeaways|final words|last thoughts|reflections|why care\??|mailing list|book recommendation)$/i;
/** Longer "chapter titles" are notes the chapter parser picked up from the description. */
const MAX_CHAPTER_WORDS = 8;

/** A video of the corpus as test/fixtures/video-folder.ts reads it (times in milliseconds). */
export type CorpusVideo = {
  videoId: string;
  title: string;
  description: string;
  durationSeconds: number;
  chapters: { title: string }[];
  segments: { text: string; startMs: number; endMs: number }[];
};

/** Timestamp lines ("5:38 - An infinite fraction puzzle") are where a description lists its chapters. */
const CHAPTER_LINE = /\b\d{1,2}:\d{2}(?::\d{2})?\b/;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter((word) => word.length >= 3 && !QUERY_STOP_WORDS.has(word));
}

/** Alternating phrasings, so both the "what is" and the "how does … work" filler are exercised. */
const phrase = (subject: string, variant: number) => (variant % 2 === 0 ? `what is ${subject}` : `how does ${subject} work`);

export function heldOutQueries(videos: readonly CorpusVideo[]): HeldOutQuery[] {
  // Rarity of a word: in how many videos' titles or descriptions it occurs.
  const spread = new Map<string, number>();
  for (const video of videos) for (const word of new Set(words(`${video.title} ${video.description}`))) spread.set(word, (spread.get(word) ?? 0) + 1);

  const queries: HeldOutQuery[] = [];
  for (const video of videos) {
    let variant = 0;
    for (const chapter of video.chapters) {
      const title = chapter.title.trim();
      if (STRUCTURAL_CHAPTER.test(title) || title.split(/\s+/).length > MAX_CHAPTER_WORDS || words(title).length === 0) continue;
      queries.push({ query: phrase(title, variant++), videoId: video.videoId, from: "chapter" });
    }
    const summary = video.description.split("\n")[0]?.trim() ?? "";
    if (summary === "" || /https?:\/\//.test(summary)) continue;
    const candidates = [...new Set(words(summary))];
    if (candidates.length < 2) continue;
    const rarest = candidates
      .map((word, position) => ({ word, position, spread: spread.get(word) ?? 0 }))
      .sort((a, b) => a.spread - b.spread || a.position - b.position)
      .slice(0, 2)
      .sort((a, b) => a.position - b.position)
      .map(({ word }) => word);
    queries.push({ query: phrase(rarest.join(" "), queries.length), videoId: video.videoId, from: "description" });
  }
  return queries;
}

/**
 * The video the generation pipeline would build a course from with this one source: its results
 * ordered as the pipeline orders them, the first with captions among those it would try.
 */
async function pickVideo(source: VideoSource, topic: string, complexity: Complexity = "beginner"): Promise<VideoDetails | null> {
  const query = { topic, complexity, limit: CANDIDATES_PER_SOURCE };
  const results = await source.search(query);
  return (
    orderSourceResults(results, query)
      .slice(0, TRANSCRIPT_TRIES_PER_SOURCE)
      .find((video) => video.hasCaptions) ?? null
  );
}

type QueryOutcome = { query: string; expected: string | null; picked: string | null; pickedTitle: string | null };
type HeldOutOutcome = QueryOutcome & { from: HeldOutQuery["from"] };

export type SearchEvaluation = {
  heldOut: HeldOutOutcome[];
  offTopic: QueryOutcome[];
  /** Share of held-out queries whose own video was picked: all of them, and per kind. */
  precisionAt1: { all: number; chapter: number; description: number };
  /** Held-out queries that found nothing at all (counted as misses above). */
  heldOutRejected: number;
  /** Off-topic topics that found nothing, as they should. */
  offTopicRejected: number;
};

export type ChapterLists = "shown" | "hidden";

/** The videos as a library folder in the fixtures' format, with or without the descriptions' chapter lists. */
async function writeLibrary(videos: readonly CorpusVideo[], chapterLists: ChapterLists): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "coursecraft-search-eval-"));
  for (const video of videos) {
    const lines = video.description.split(/\r?\n/);
    const description = (chapterLists === "hidden" ? lines.filter((line) => !CHAPTER_LINE.test(line)) : lines).join("\n");
    const segments = video.segments.map((segment) => ({
      text: segment.text,
      start: segment.startMs / 1000,
      duration: (segment.endMs - segment.startMs) / 1000,
    }));
    const file = { videoId: video.videoId, title: video.title, channel: "", description, durationSeconds: video.durationSeconds, segments };
    await writeFile(join(dir, `${video.videoId}.json`), JSON.stringify(file));
  }
  return dir;
}

export async function evaluateLibrarySearch(videos: readonly CorpusVideo[], chapterLists: ChapterLists): Promise<SearchEvaluation> {
  const dir = await writeLibrary(videos, chapterLists);
  try {
    const source = createLibrarySource(dir);
    const outcome = async (query: string, expected: string | null): Promise<QueryOutcome> => {
      const picked = await pickVideo(source, query);
      return { query, expected, picked: picked?.id ?? null, pickedTitle: picked?.title ?? null };
    };
    const heldOut: HeldOutOutcome[] = [];
    for (const query of heldOutQueries(videos)) heldOut.push({ ...(await outcome(query.query, query.videoId)), from: query.from });
    const offTopic: QueryOutcome[] = [];
    for (const query of OFF_TOPIC_QUERIES) offTopic.push(await outcome(query, null));

    const precision = (outcomes: readonly QueryOutcome[]) =>
      outcomes.length === 0 ? 0 : outcomes.filter((o) => o.picked === o.expected).length / outcomes.length;
    return {
      heldOut,
      offTopic,
      precisionAt1: {
        all: precision(heldOut),
        chapter: precision(heldOut.filter((o) => o.from === "chapter")),
        description: precision(heldOut.filter((o) => o.from === "description")),
      },
      heldOutRejected: heldOut.filter((o) => o.picked === null).length,
      offTopicRejected: offTopic.filter((o) => o.picked === null).length,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

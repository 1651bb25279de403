/**
 * Retrieval evaluation of the chat tutor's passage search.
 *
 *   npm run eval:retrieval        (or: npx tsx scripts/eval-retrieval.ts [folder])
 *
 * Asks the questions of src/server/ai/chat/retrieval-questions.ts against their videos in the
 * shared fixture corpus (default ../shared/fixtures/videos) and prints, per question, the rank of
 * the first retrieved passage that overlaps the answer's time range, then hit@1 and hit@3.
 *
 * A second, larger and automatic check follows: every creator chapter title of the corpus used as
 * a query against its own video, a hit being a passage inside that chapter. Titles are terser than
 * questions, so the figure is lower; it is there to tell a general change from one that only
 * suits the 20 questions.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { buildPassages, createPassageIndex, formatTimestamp } from "~/server/ai/chat/retrieval";
import { evaluateQuestions, FIXTURE_VIDEOS_DIR, loadFixtureSegments, rankOfFirstHit, RETRIEVAL_QUESTIONS } from "~/server/ai/chat/retrieval-questions";

const dir = process.argv[2] ? resolve(process.argv[2]) : FIXTURE_VIDEOS_DIR;
if (!existsSync(dir)) {
  console.error(`fixture folder not found: ${dir}`);
  process.exit(2);
}

const results = evaluateQuestions(RETRIEVAL_QUESTIONS, 3, dir);
for (const result of results) {
  const answer = `${formatTimestamp(result.from)}–${formatTimestamp(result.to)}`;
  const retrieved = result.hits.map(({ passage }) => `${formatTimestamp(passage.start)}–${formatTimestamp(passage.end)}`).join(", ");
  console.log(`${String(result.rank ?? "-").padStart(2)}  ${result.videoId}  [${answer}]  ${result.question}`);
  if (result.rank !== 1) console.log(`      retrieved: ${retrieved || "nothing"}`);
}
const hitAt = (k: number) => results.filter((r) => r.rank !== null && r.rank <= k).length;
console.log(`\nhit@1 ${hitAt(1)}/${results.length}   hit@3 ${hitAt(3)}/${results.length}`);

type ChapteredVideo = { videoId: string; durationSeconds: number; chapters?: { start: number; title: string }[] };

let titles = 0;
let titleHits1 = 0;
let titleHits3 = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const video = JSON.parse(readFileSync(join(dir, file), "utf8")) as ChapteredVideo;
  const chapters = video.chapters ?? [];
  const segments = loadFixtureSegments(video.videoId, dir);
  if (chapters.length === 0 || segments === null || segments.length === 0) continue;
  const index = createPassageIndex(buildPassages(segments));
  chapters.forEach((chapter, i) => {
    const rank = rankOfFirstHit(index.search(chapter.title, 3), chapter.start, chapters[i + 1]?.start ?? video.durationSeconds);
    titles += 1;
    if (rank === 1) titleHits1 += 1;
    if (rank !== null) titleHits3 += 1;
  });
}
console.log(`creator chapter titles as queries: hit@1 ${titleHits1}/${titles}   hit@3 ${titleHits3}/${titles}`);

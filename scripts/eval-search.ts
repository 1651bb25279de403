/**
 * Topic search of the local video library, measured on the shared corpus.
 *
 *   npm run eval:search [-- <folder>] [-- --verbose]     (default ../shared/fixtures/videos)
 *
 * Held-out queries (a creator chapter title, or two rare words of the description's summary
 * line, asked as "what is X" / "how does X work") should pick their own video: precision@1,
 * measured on the library as the videos come and with the descriptions' chapter lists taken out
 * (where chapter titles are unseen). Off-topic topics (cooking, sports, history…) should all find
 * nothing, which the learner sees as the 422 "No video found for this topic". Each query is
 * picked as the generation pipeline picks: the library's results, ranked, the first with a
 * transcript. See src/server/eval/search-eval.ts.
 *
 * Then question-shaped topics ("How do neural networks learn?"), written by us in the nine
 * languages and labelled with the video that answers them, asked of the library with its
 * translations in the question's language: top-1 on the English tuning questions and on the
 * held-out ones (a second English question per video, and every other language). See
 * src/server/eval/question-search-eval.ts and question-topics.ts.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

import { evaluateQuestionSearch } from "~/server/eval/question-search-eval";
import { type ChapterLists, evaluateLibrarySearch, type SearchEvaluation } from "~/server/eval/search-eval";

import { readVideoFolder, SHARED_TRANSLATIONS, SHARED_VIDEOS } from "../test/fixtures/video-folder";

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const folder = args.find((arg) => !arg.startsWith("--"));
const dir = folder ? resolve(folder) : SHARED_VIDEOS;
if (!existsSync(dir)) {
  console.error(`video folder not found: ${dir}`);
  process.exit(2);
}

const videos = readVideoFolder(dir);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function report(label: string, result: SearchEvaluation) {
  if (verbose) {
    console.log(`\n## ${label}`);
    for (const o of result.heldOut) {
      const mark = o.picked === o.expected ? "ok  " : o.picked === null ? "none" : "MISS";
      console.log(`${mark} ${o.from.padEnd(11)} ${o.expected}  ${o.query}${o.picked === o.expected ? "" : `  → ${o.pickedTitle ?? "no video"}`}`);
    }
    for (const o of result.offTopic)
      console.log(`${o.picked === null ? "422 " : "PICK"} off-topic   ${o.query}${o.picked === null ? "" : `  → ${o.pickedTitle}`}`);
  }
  const count = (kind?: "chapter" | "description") => result.heldOut.filter((o) => kind === undefined || o.from === kind).length;
  const { all, chapter, description } = result.precisionAt1;
  console.log(`${label}:
  held-out precision@1 ${percent(all)} of ${count()} (chapter titles ${percent(chapter)} of ${count("chapter")}, description words ${percent(description)} of ${count("description")}); found nothing for ${result.heldOutRejected}
  off-topic topics refused (422): ${result.offTopicRejected}/${result.offTopic.length}`);
  for (const o of result.offTopic) if (o.picked !== null) console.log(`    not refused: ${o.query} → ${o.pickedTitle}`);
}

console.log(`${videos.length} videos from ${dir}`);
for (const chapterLists of ["shown", "hidden"] as ChapterLists[]) {
  report(
    `chapter lists ${chapterLists === "shown" ? "in the descriptions" : "taken out of the descriptions"}`,
    await evaluateLibrarySearch(videos, chapterLists),
  );
}

const questions = await evaluateQuestionSearch(dir, folder ? resolve(dir, "../translations") : SHARED_TRANSLATIONS);
if (verbose) {
  console.log("\n## question-shaped topics");
  for (const o of questions.outcomes) {
    const mark = o.picked === o.videoId ? "ok  " : o.picked === null ? "none" : "MISS";
    console.log(`${mark} ${o.language} ${o.split.padEnd(8)} ${o.videoId}  ${o.question}${o.picked === o.videoId ? "" : `  → ${o.pickedTitle ?? "no video"}`}`);
  }
}
const { top1 } = questions;
const count = (split: "tune" | "held-out") => questions.outcomes.filter((o) => o.split === split).length;
console.log(`question-shaped topics, top-1 (the video that answers the question):
  tuning (English, 1st question per video): ${percent(top1.tune)} of ${count("tune")}
  held out (English 2nd question, other languages): ${percent(top1.heldOut)} of ${count("held-out")}; other languages alone ${percent(top1.heldOutOtherLanguages)}
  per language: ${Object.entries(top1.byLanguage)
    .map(([language, { correct, total }]) => `${language} ${correct}/${total}`)
    .join(", ")}`);

/**
 * Course quality of the offline engine on a folder of videos (the shared fixtures' format).
 *
 *   npm run eval:course -- <folder> [--tolerance 30] [--captions]
 *
 * Builds every video's course with its creator chapters hidden, a quiz for every section, and
 * reports: chapter boundaries against the creator's (P/R/F1 at ±tolerance, 0:00 excluded), title
 * checks, section times, key points, quiz checks. --captions first re-cuts every transcript into
 * short lower-case lines without punctuation, as automatic captions come. Exits 1 when a must-hold figure is broken, so it can gate a
 * change on any folder of videos.
 */
import { resolve } from "node:path";

import { simulateAutoCaptions } from "~/server/ai/offline/auto-captions";
import { COURSE_QUALITY_THRESHOLDS, evaluateCourses, thresholdFailures } from "~/server/eval/course-eval";

import { recordFigure } from "../bench/lib/figures";
import { readVideoFolder } from "../test/fixtures/video-folder";

function parseArgs(argv: string[]) {
  let folder = "";
  let toleranceS = 30;
  let captions = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--tolerance") toleranceS = Number(argv[++i]);
    else if (a === "--captions") captions = true;
    else if (!a.startsWith("--")) folder = a;
  }
  if (!folder || !Number.isFinite(toleranceS)) {
    console.error("usage: npm run eval:course -- <folder of video JSON> [--tolerance seconds] [--captions]");
    process.exit(2);
  }
  return { folder: resolve(folder), toleranceMs: toleranceS * 1000, captions };
}

const f3 = (x: number) => x.toFixed(3);
const share = (part: number, whole: number) => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`);

async function main() {
  const { folder, toleranceMs, captions } = parseArgs(process.argv.slice(2));
  const videos = readVideoFolder(folder).map((v) => (captions ? { ...v, segments: simulateAutoCaptions(v.segments) } : v));
  if (videos.length === 0) {
    console.error(`No video JSON files in ${folder}`);
    process.exit(2);
  }
  const report = await evaluateCourses(videos, { toleranceMs, chapterProtocols: true });
  const { titles, quiz, chaptersInSample: c } = report;
  const times = [...report.engineMs].sort((a, b) => a - b);

  console.log(
    `Offline course quality${captions ? " (transcripts as automatic captions)" : ""}, ${folder}: ${report.videos} videos (${report.skipped.length} without a transcript), ${report.sections} sections`,
  );
  console.log("");
  console.log(`Chapters (±${toleranceMs / 1000} s, 0:00 excluded), engine as shipped: P ${f3(c.precision)}  R ${f3(c.recall)}  F1 ${f3(c.f1)}`);
  const protocols = report.chapterProtocols;
  if (protocols) {
    const row = (name: string, s: { precision: number; recall: number; f1: number }) =>
      console.log(`  ${name.padEnd(46)} P ${f3(s.precision)}  R ${f3(s.recall)}  F1 ${f3(s.f1)}`);
    console.log("Chapters by held-out protocols (chapter-protocols.ts):");
    row("leave-one-video-out", protocols.leaveOneOut);
    row("length split (fit shorter half, score longer)", protocols.lengthSplit);
    if (protocols.autoCaptions) row("simulated automatic captions", protocols.autoCaptions);
  }
  console.log(`Section times invalid or out of order: ${report.badSectionTimes}`);
  console.log("");
  console.log(`Generated titles: ${titles.generated}, ${(titles.words / Math.max(1, titles.generated)).toFixed(2)} words on average`);
  console.log(`  one word: ${titles.oneWord}   over seven words: ${titles.overSevenWords}   ending in a function word: ${titles.endsInFunctionWord}`);
  console.log(
    `  duplicates within a chapter: ${titles.duplicateInChapter}   only generic words: ${titles.genericOnly} (${share(titles.genericOnly, titles.generated)})`,
  );
  for (const [name, list] of Object.entries(titles.examples)) if (list.length) console.log(`  e.g. ${name}: ${list.join(" | ")}`);
  console.log("");
  const kp = report.keyPoints;
  console.log(
    `Key points: ${kp.withPoints} of ${kp.sections} sections open with them (${share(kp.twoToFour, kp.withPoints)} of those with 2-4), ${kp.points} points`,
  );
  console.log(`  coverage of the section's top 10 terms: mean ${(kp.coverageSum / Math.max(1, kp.withPoints)).toFixed(3)}`);
  console.log(`  timed outside their section: ${kp.outsideSection}   with words the section never says: ${kp.notFromTranscript}`);
  if (kp.examples.notFromTranscript.length) console.log(`  e.g. ${kp.examples.notFromTranscript.slice(0, 4).join(" | ")}`);
  console.log("");
  console.log(`Quizzes: ${quiz.sections} sections, ${quiz.sectionsWithoutQuiz} too short for one; ${quiz.questions} questions (${quiz.cloze} cloze)`);
  console.log(`  cloze answers not the transcript's own word: ${quiz.clozeAnswerNotInTranscript}`);
  console.log(`  distractors: ${quiz.distractors}; said verbatim: ${quiz.distractorVerbatim}; true in the section: ${quiz.distractorTrue}`);
  console.log(
    `  ungrammatical by tagging: ${quiz.distractorUngrammatical} of ${quiz.grammarChecked} checked (${share(quiz.distractorUngrammatical, quiz.grammarChecked)})`,
  );
  console.log(`  questions with duplicate options: ${quiz.duplicateOptions}`);
  for (const [name, list] of Object.entries(quiz.examples)) if (list.length) console.log(`  e.g. ${name}: ${list.slice(0, 4).join(" | ")}`);
  console.log("");
  if (times.length)
    console.log(`Engine time per video: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms`);

  if (!captions) recordFigures(report);
  const failures = thresholdFailures(report, { chapterFloor: !captions });
  console.log(
    failures.length ? `\nFAILED must-hold checks (${JSON.stringify(COURSE_QUALITY_THRESHOLDS)}):\n  ${failures.join("\n  ")}` : "\nAll must-hold checks pass.",
  );
  process.exitCode = failures.length ? 1 : 0;
}

/** The report's figures for `npm run bench` (a no-op when the script runs on its own). */
function recordFigures(report: Awaited<ReturnType<typeof evaluateCourses>>) {
  const bench = "course-quality";
  const t = COURSE_QUALITY_THRESHOLDS;
  const figure = (name: string, value: number, unit: string, target?: string, ok?: boolean) => recordFigure({ bench, name, value, unit, target, ok });
  figure("chapter F1 (±30 s, 0:00 excluded), engine as shipped", Number(report.chaptersInSample.f1.toFixed(3)), "");
  if (report.chapterProtocols) {
    const { leaveOneOut, lengthSplit, autoCaptions } = report.chapterProtocols;
    figure("chapter F1, leave-one-video-out", Number(leaveOneOut.f1.toFixed(3)), "", "≥ 0.6", leaveOneOut.f1 >= t.minHeldOutChapterF1);
    figure("chapter F1, length split", Number(lengthSplit.f1.toFixed(3)), "", "≥ 0.6", lengthSplit.f1 >= t.minHeldOutChapterF1);
    if (autoCaptions) figure("chapter F1, simulated automatic captions", Number(autoCaptions.f1.toFixed(3)), "");
  }
  figure("section times invalid or out of order", report.badSectionTimes, "", "0", report.badSectionTimes <= t.badSectionTimes);
  figure("one-word generated titles", report.titles.oneWord, "", "0", report.titles.oneWord <= t.oneWordTitles);
  figure("titles ending in a function word", report.titles.endsInFunctionWord, "", "0", report.titles.endsInFunctionWord <= t.titlesEndingInFunctionWord);
  figure("duplicate titles in a chapter", report.titles.duplicateInChapter, "", "0", report.titles.duplicateInChapter <= t.duplicateTitlesInChapter);
  figure("titles of generic words only", report.titles.genericOnly, "");
  figure("distractors said verbatim", report.quiz.distractorVerbatim, "", "0", report.quiz.distractorVerbatim <= t.distractorsVerbatim);
  figure("distractors true in the section", report.quiz.distractorTrue, "", "0", report.quiz.distractorTrue <= t.distractorsTrue);
  figure(
    "cloze answers not the transcript's word",
    report.quiz.clozeAnswerNotInTranscript,
    "",
    "0",
    report.quiz.clozeAnswerNotInTranscript <= t.clozeAnswersNotInTranscript,
  );
  figure(
    "key point coverage of the section's top terms (mean)",
    Number((report.keyPoints.coverageSum / Math.max(1, report.keyPoints.withPoints)).toFixed(3)),
    "",
  );
  figure("key points timed outside their section", report.keyPoints.outsideSection, "", "0", report.keyPoints.outsideSection <= t.keyPointsOutsideSection);
  figure(
    "key points with words the section never says",
    report.keyPoints.notFromTranscript,
    "",
    "0",
    report.keyPoints.notFromTranscript <= t.keyPointsNotFromTranscript,
  );
  const ungrammatical = report.quiz.grammarChecked ? (100 * report.quiz.distractorUngrammatical) / report.quiz.grammarChecked : 0;
  figure("distractors tagged unlike the answer", Number(ungrammatical.toFixed(1)), "%");
}

await main();

/**
 * The offline engine's course quality over a folder of videos: every video is built with its
 * creator chapters hidden (so chapters, titles and sections are all the engine's own), then each
 * section gets its quiz, and course-quality.ts judges the result. `npm run eval:course` prints
 * the report; the corpus test holds the thresholds below, so a regression fails CI.
 */
import { performance } from "node:perf_hooks";

import type { StructureInput } from "~/server/ai/structure/types";
import { AppError } from "~/server/errors";
import type { TimedSegment } from "~/server/video/types";

import { chapterVideoOf, evaluateChapterProtocols, innerChapterStartsMs, type ProtocolReport } from "./chapter-protocols";
import { keyPointCoverage } from "~/server/ai/offline/content";
import {
  badSectionTimes,
  checkKeyPoints,
  checkQuiz,
  checkTitles,
  emptyKeyPointCounts,
  emptyQuizCounts,
  emptyTitleCounts,
  quizSourcesOf,
  sectionStartsMs,
  type KeyPointCounts,
  type QuizCounts,
  type TitleCounts,
} from "./course-quality";
import { buildOutline, NO_TRANSCRIPT_MESSAGE } from "~/server/ai/offline/engine";
import { addCounts, matchBoundaries, scoreCounts, type BoundaryCounts, type BoundaryScores } from "./evaluate";
import { transcriptLanguage } from "~/server/ai/offline/language";
import { buildOfflineQuiz } from "~/server/ai/offline/quiz-engine";
import { documentFrequencies, inverseDocumentFrequencies } from "~/server/ai/offline/similarity";
import { tokenize } from "~/server/language/text";

export type EvalVideo = {
  videoId: string;
  title: string;
  durationSeconds: number;
  /** The creator's chapters (seconds); the reference for chapter boundaries. */
  chapters: readonly { start: number; title: string }[];
  segments: readonly TimedSegment[];
  /** The transcript's language (BCP 47); English when absent. */
  language?: string;
};

export type CourseQualityReport = {
  videos: number;
  /** Videos without a transcript (the engine refuses them with a clear error). */
  skipped: string[];
  sections: number;
  badSectionTimes: number;
  titles: TitleCounts;
  quiz: QuizCounts & { sections: number; sectionsWithoutQuiz: number };
  keyPoints: KeyPointCounts;
  /** Chapter boundaries of the videos with creator chapters, ±30 s, 0:00 excluded, the shipped engine as is. */
  chaptersInSample: BoundaryScores;
  /** The held-out chapter protocols (chapter-protocols.ts), when asked for. */
  chapterProtocols: ProtocolReport | null;
  engineMs: number[];
};

const ZERO: BoundaryCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };

/** What must hold on the shared corpus (issue 19); the corpus test and the script check the same figures. */
export const COURSE_QUALITY_THRESHOLDS = {
  /** Chapter F1 (±30 s, 0:00 excluded) under leave-one-out and the length split. */
  minHeldOutChapterF1: 0.6,
  badSectionTimes: 0,
  oneWordTitles: 0,
  titlesEndingInFunctionWord: 0,
  duplicateTitlesInChapter: 0,
  keyPointsOutsideSection: 0,
  keyPointsNotFromTranscript: 0,
  /** Share of sections that open with key points (a section of fillers only may have none). */
  minSectionsWithKeyPoints: 0.95,
  /** Share of checked distractors the tagger reads unlike the answer (a little tagger noise allowed). */
  maxUngrammaticalShare: 0.01,
  distractorsVerbatim: 0,
  distractorsTrue: 0,
  clozeAnswersNotInTranscript: 0,
  duplicateOptions: 0,
} as const;

/** The must-hold checks a report breaks. The chapter floor is for transcripts as published; `chapterFloor: false` leaves it out (simulated captions). */
export function thresholdFailures(report: CourseQualityReport, options: { chapterFloor?: boolean } = {}): string[] {
  const t = COURSE_QUALITY_THRESHOLDS;
  const checks: [string, number, number][] = [
    ["section times invalid or out of order", report.badSectionTimes, t.badSectionTimes],
    ["one-word generated titles", report.titles.oneWord, t.oneWordTitles],
    ["titles ending in a function word", report.titles.endsInFunctionWord, t.titlesEndingInFunctionWord],
    ["duplicate titles in a chapter", report.titles.duplicateInChapter, t.duplicateTitlesInChapter],
    ["key points timed outside their section", report.keyPoints.outsideSection, t.keyPointsOutsideSection],
    ["key points with words the section never says", report.keyPoints.notFromTranscript, t.keyPointsNotFromTranscript],
    ["distractors the video says verbatim", report.quiz.distractorVerbatim, t.distractorsVerbatim],
    ["distractors that are true statements of the section", report.quiz.distractorTrue, t.distractorsTrue],
    ["cloze answers not the transcript's word", report.quiz.clozeAnswerNotInTranscript, t.clozeAnswersNotInTranscript],
    ["questions with duplicate options", report.quiz.duplicateOptions, t.duplicateOptions],
  ];
  const failures = checks.filter(([, value, limit]) => value > limit).map(([name, value, limit]) => `${name}: ${value} (at most ${limit})`);
  const ungrammatical = report.quiz.distractorUngrammatical / Math.max(1, report.quiz.grammarChecked);
  if (ungrammatical > t.maxUngrammaticalShare)
    failures.push(`distractors tagged unlike the answer: ${ungrammatical.toFixed(3)} (at most ${t.maxUngrammaticalShare})`);
  const protocols = report.chapterProtocols;
  if (protocols && options.chapterFloor !== false) {
    for (const [name, scores] of [
      ["leave-one-out", protocols.leaveOneOut],
      ["length split", protocols.lengthSplit],
    ] as const) {
      if (scores.f1 < t.minHeldOutChapterF1) failures.push(`chapter F1, ${name}: ${scores.f1.toFixed(3)} (at least ${t.minHeldOutChapterF1})`);
    }
  }
  const withPoints = report.keyPoints.withPoints / Math.max(1, report.keyPoints.sections);
  if (withPoints < t.minSectionsWithKeyPoints) failures.push(`sections with key points: ${withPoints.toFixed(3)} (at least ${t.minSectionsWithKeyPoints})`);
  return failures;
}

function inputOf(video: EvalVideo): StructureInput {
  return {
    topic: "",
    complexity: "intermediate",
    additionalInstructions: null,
    video: { title: video.title, description: "", durationSeconds: video.durationSeconds, language: video.language },
    segments: [...video.segments],
    creatorChapters: [],
  };
}

export async function evaluateCourses(
  videos: readonly EvalVideo[],
  options: { toleranceMs?: number; chapterProtocols?: boolean } = {},
): Promise<CourseQualityReport> {
  const toleranceMs = options.toleranceMs ?? 30_000;
  const titles = emptyTitleCounts();
  const quiz = { ...emptyQuizCounts(), sections: 0, sectionsWithoutQuiz: 0 };
  const keyPoints = emptyKeyPointCounts();
  const skipped: string[] = [];
  const engineMs: number[] = [];
  let chapterCounts = ZERO;
  let sections = 0;
  let badTimes = 0;

  for (const video of videos) {
    const started = performance.now();
    let outline;
    try {
      outline = await buildOutline(inputOf(video));
    } catch (error) {
      if (error instanceof Error && error.message === NO_TRANSCRIPT_MESSAGE) {
        skipped.push(video.videoId);
        continue;
      }
      throw error;
    }
    engineMs.push(performance.now() - started);

    // The engine's own reading of the language when the folder does not give it.
    const language = video.language || transcriptLanguage(video.segments);
    checkTitles(outline, new Set(), titles, language);
    badTimes += badSectionTimes(outline, video.segments);
    sections += outline.chapters.reduce((n, c) => n + c.sections.length, 0);

    const reference = innerChapterStartsMs(video.chapters);
    if (video.chapters.length > 0) {
      const byIndex = new Map(video.segments.map((s) => [s.index, s.startMs]));
      const predicted = outline.chapters.slice(1).map((c) => byIndex.get(c.sections[0]!.startSegment)!);
      chapterCounts = addCounts(chapterCounts, matchBoundaries(predicted, reference, toleranceMs));
    }

    const idf = inverseDocumentFrequencies(documentFrequencies(video.segments.map((s) => tokenize(s.text, language))), video.segments.length);
    const starts = sectionStartsMs(outline, video.segments);
    const endMs = video.segments.reduce((end, s) => Math.max(end, s.endMs), 0) + 1;
    const sectionsInOrder = outline.chapters.flatMap((c) => c.sections);
    sectionsInOrder.forEach((section, k) => {
      const range = { startMs: starts[k]!, endMs: starts[k + 1] ?? endMs };
      const own = video.segments.filter((s) => s.startMs >= range.startMs && s.startMs < range.endMs);
      checkKeyPoints(section.content, { ...range, segments: own }, (points, sentences) => keyPointCoverage(points, sentences, idf, language), keyPoints);
    });

    for (const source of quizSourcesOf(outline, video.title, video.segments)) {
      quiz.sections++;
      try {
        checkQuiz(buildOfflineQuiz(source), source, quiz, language);
      } catch (error) {
        if (!(error instanceof AppError && error.code === "UNPROCESSABLE")) throw error;
        quiz.sectionsWithoutQuiz++;
      }
    }
  }

  return {
    videos: videos.length,
    skipped,
    sections,
    badSectionTimes: badTimes,
    titles,
    quiz,
    keyPoints,
    chaptersInSample: scoreCounts(chapterCounts),
    chapterProtocols: options.chapterProtocols
      ? evaluateChapterProtocols(videos.filter((v) => v.chapters.length > 0 && v.segments.length > 0).map(chapterVideoOf), { toleranceMs })
      : null,
    engineMs,
  };
}

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

import { badSectionTimes, checkQuiz, checkTitles, emptyQuizCounts, emptyTitleCounts, quizSourcesOf, type QuizCounts, type TitleCounts } from "./course-quality";
import { buildOutline, NO_TRANSCRIPT_MESSAGE } from "./engine";
import { addCounts, matchBoundaries, scoreCounts, type BoundaryCounts, type BoundaryScores } from "./evaluate";
import { buildOfflineQuiz } from "./quiz";

export type EvalVideo = {
  videoId: string;
  title: string;
  durationSeconds: number;
  /** The creator's chapters (seconds); the reference for chapter boundaries. */
  chapters: readonly { start: number; title: string }[];
  segments: readonly TimedSegment[];
};

export type CourseQualityReport = {
  videos: number;
  /** Videos without a transcript (the engine refuses them with a clear error). */
  skipped: string[];
  sections: number;
  badSectionTimes: number;
  titles: TitleCounts;
  quiz: QuizCounts & { sections: number; sectionsWithoutQuiz: number };
  /** Chapter boundaries of the videos with creator chapters, ±30 s, 0:00 excluded, the shipped engine as is. */
  chaptersInSample: BoundaryScores;
  engineMs: number[];
};

const ZERO: BoundaryCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };

/** What must hold on the shared corpus (issue 19); the corpus test and the script check the same figures. */
export const COURSE_QUALITY_THRESHOLDS = {
  badSectionTimes: 0,
  oneWordTitles: 0,
  titlesEndingInFunctionWord: 0,
  duplicateTitlesInChapter: 0,
  distractorsVerbatim: 0,
  distractorsTrue: 0,
  clozeAnswersNotInTranscript: 0,
  duplicateOptions: 0,
} as const;

export function thresholdFailures(report: CourseQualityReport): string[] {
  const t = COURSE_QUALITY_THRESHOLDS;
  const checks: [string, number, number][] = [
    ["section times invalid or out of order", report.badSectionTimes, t.badSectionTimes],
    ["one-word generated titles", report.titles.oneWord, t.oneWordTitles],
    ["titles ending in a function word", report.titles.endsInFunctionWord, t.titlesEndingInFunctionWord],
    ["duplicate titles in a chapter", report.titles.duplicateInChapter, t.duplicateTitlesInChapter],
    ["distractors the video says verbatim", report.quiz.distractorVerbatim, t.distractorsVerbatim],
    ["distractors that are true statements of the section", report.quiz.distractorTrue, t.distractorsTrue],
    ["cloze answers not the transcript's word", report.quiz.clozeAnswerNotInTranscript, t.clozeAnswersNotInTranscript],
    ["questions with duplicate options", report.quiz.duplicateOptions, t.duplicateOptions],
  ];
  return checks.filter(([, value, limit]) => value > limit).map(([name, value, limit]) => `${name}: ${value} (at most ${limit})`);
}

function inputOf(video: EvalVideo): StructureInput {
  return {
    topic: "",
    complexity: "intermediate",
    additionalInstructions: null,
    video: { title: video.title, description: "", durationSeconds: video.durationSeconds },
    segments: [...video.segments],
    creatorChapters: [],
  };
}

export async function evaluateCourses(videos: readonly EvalVideo[], options: { toleranceMs?: number } = {}): Promise<CourseQualityReport> {
  const toleranceMs = options.toleranceMs ?? 30_000;
  const titles = emptyTitleCounts();
  const quiz = { ...emptyQuizCounts(), sections: 0, sectionsWithoutQuiz: 0 };
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

    checkTitles(outline, new Set(), titles);
    badTimes += badSectionTimes(outline, video.segments);
    sections += outline.chapters.reduce((n, c) => n + c.sections.length, 0);

    const reference = video.chapters.map((c) => Math.round(c.start * 1000)).filter((ms) => ms > 0);
    if (video.chapters.length > 0) {
      const byIndex = new Map(video.segments.map((s) => [s.index, s.startMs]));
      const predicted = outline.chapters.slice(1).map((c) => byIndex.get(c.sections[0]!.startSegment)!);
      chapterCounts = addCounts(chapterCounts, matchBoundaries(predicted, reference, toleranceMs));
    }

    for (const source of quizSourcesOf(outline, video.title, video.segments)) {
      quiz.sections++;
      try {
        checkQuiz(buildOfflineQuiz(source), source, quiz);
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
    chaptersInSample: scoreCounts(chapterCounts),
    engineMs,
  };
}

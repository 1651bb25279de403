import type { DbClient } from "~/server/db";
import { cacheVideoTranscript } from "~/server/services/generation/transcript-cache";
import { createLibrarySource } from "~/server/video/sources/library";

import { createCourse, sectionsOf, type CourseOverrides } from "./course";

/** Our fixture video (test/fixtures/videos/binary-search-lesson.json): 372 s, 40 sentences. */
const QUIZ_VIDEO_ID = "binSearch01";

/** Caches the fixture video's transcript (the production path; idempotent). */
async function cacheQuizVideo(db: DbClient, videoId = QUIZ_VIDEO_ID) {
  const source = createLibrarySource("test/fixtures/videos");
  const details = await source.details(videoId);
  const captions = await source.transcript(videoId);
  if (!details || !captions) throw new Error(`fixture video ${videoId} is missing`);
  const video = await cacheVideoTranscript(db, details, captions);
  if (!video) throw new Error(`fixture video ${videoId} has no transcript`);
  return video;
}

/**
 * A ready course on the fixture video: 1 chapter of 3 sections at 0–60 s, 60–120 s, 120–180 s
 * (the course factory's times), each covering real transcript text.
 */
export async function createQuizCourse(db: DbClient, overrides: CourseOverrides = {}) {
  await cacheQuizVideo(db);
  const course = await createCourse(db, { videoId: QUIZ_VIDEO_ID, sectionsPerChapter: 3, ...overrides });
  return { course, sections: sectionsOf(course) };
}

export type QuizQuestionSeed = {
  kind?: "choice" | "open";
  questionText?: string;
  /** None for an open question. */
  options: string[];
  /** An open question's reference answer. */
  correctAnswer: string;
  keyIdeas?: string[];
  explanation?: string;
  sourceTime?: number | null;
};

/** A stored quiz with the given questions (default: three with known answers "A1", "A2", "A3"). */
export async function createQuiz(db: DbClient, sectionId: number, questions?: QuizQuestionSeed[]) {
  const seeds: QuizQuestionSeed[] = questions ?? [1, 2, 3].map((n) => ({ options: [`A${n}`, `B${n}`, `C${n}`, `D${n}`], correctAnswer: `A${n}` }));
  return db.quiz.create({
    data: {
      sectionId,
      title: "Factory quiz",
      description: "A quiz made by the test factory",
      engine: "offline",
      questions: {
        create: seeds.map((q, i) => ({
          order: i + 1,
          kind: q.kind ?? "choice",
          keyIdeas: q.keyIdeas ?? [],
          questionText: q.questionText ?? `Question ${i + 1}?`,
          options: q.options,
          correctAnswer: q.correctAnswer,
          explanation: q.explanation ?? `Because of reason ${i + 1}.`,
          sourceTime: q.sourceTime === undefined ? i * 10 : q.sourceTime,
        })),
      },
    },
    include: { questions: { orderBy: { order: "asc" } } },
  });
}

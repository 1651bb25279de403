import type { CourseSummary } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";
import { type CourseTextRow, findCourseText, selectOwnCourseTexts, selectPublicCourseTexts, selectStartedCourseIds } from "~/server/db/queries/course";

import { getCourseOrThrow } from "./get-course";
import { type CourseText, rankBySimilarity } from "./similarity";

/** Bounds on the work of one ranking: the newest public courses, and the learner's newest own ones. */
const CANDIDATES = 500;
const PROFILE = 50;

const toText = (course: CourseTextRow): CourseText => ({
  id: course.id,
  text: [course.title, course.description ?? "", course.topic, ...course.chapters.map((chapter) => chapter.title)].join("\n"),
  complexity: course.complexity,
});

const toSummary = ({ id, title, description, thumbnailUrl, complexity, language, createdAt }: CourseTextRow): CourseSummary => ({
  id,
  title,
  description,
  thumbnailUrl,
  complexity,
  language,
  createdAt: createdAt.toISOString(),
});

/** Public, finished courses of other learners, newest first, minus `exclude`. */
function publicCandidates(db: DbClient, userId: number, exclude: number[]) {
  return selectPublicCourseTexts(db, { userId, exclude, limit: CANDIDATES });
}

function ranked(profile: CourseTextRow[], candidates: CourseTextRow[], limit: number): CourseSummary[] {
  const byId = new Map(candidates.map((course) => [course.id, course]));
  return rankBySimilarity(profile.map(toText), candidates.map(toText), limit).map(({ id }) => toSummary(byId.get(id)!));
}

/**
 * GET /api/recommendations: public courses like the learner's own (by their words and level),
 * never their own, never private, and not ones they have already started. None until the learner
 * has a course of their own.
 */
export async function getRecommendations(db: DbClient, { userId, limit = 3 }: { userId: number; limit?: number }): Promise<CourseSummary[]> {
  const [own, started] = await Promise.all([selectOwnCourseTexts(db, { userId, limit: PROFILE }), selectStartedCourseIds(db, userId)]);
  if (own.length === 0) return [];
  return ranked(own, await publicCandidates(db, userId, started), limit);
}

/** The "What's Next?" panel: public courses like this one, never the learner's own or this course. */
export async function getRelatedCourses(
  db: DbClient,
  { courseId, userId, limit = 3 }: { courseId: number; userId: number; limit?: number },
): Promise<CourseSummary[]> {
  await getCourseOrThrow(db, { courseId, userId });
  const course = await findCourseText(db, courseId);
  return ranked([course], await publicCandidates(db, userId, [courseId]), limit);
}

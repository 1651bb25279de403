import type { CourseSummary } from "~/lib/schemas/course";
import type { Prisma } from "~/generated/prisma/client";
import type { DbClient } from "~/server/db";

import { getCourseOrThrow } from "./get-course";
import { type CourseText, rankBySimilarity } from "./similarity";

/** Bounds on the work of one ranking: the newest public courses, and the learner's newest own ones. */
const CANDIDATES = 500;
const PROFILE = 50;

const textSelect = {
  id: true,
  title: true,
  description: true,
  thumbnailUrl: true,
  complexity: true,
  language: true,
  createdAt: true,
  topic: true,
  chapters: { select: { title: true } },
} satisfies Prisma.CourseSelect;

type CourseRow = Prisma.CourseGetPayload<{ select: typeof textSelect }>;

const toText = (course: CourseRow): CourseText => ({
  id: course.id,
  text: [course.title, course.description ?? "", course.topic, ...course.chapters.map((chapter) => chapter.title)].join("\n"),
  complexity: course.complexity,
});

const toSummary = ({ id, title, description, thumbnailUrl, complexity, language, createdAt }: CourseRow): CourseSummary => ({
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
  return db.course.findMany({
    where: { isPublic: true, status: "ready", userId: { not: userId }, id: { notIn: exclude } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: CANDIDATES,
    select: textSelect,
  });
}

function ranked(profile: CourseRow[], candidates: CourseRow[], limit: number): CourseSummary[] {
  const byId = new Map(candidates.map((course) => [course.id, course]));
  return rankBySimilarity(profile.map(toText), candidates.map(toText), limit).map(({ id }) => toSummary(byId.get(id)!));
}

/**
 * GET /api/recommendations: public courses like the learner's own (by their words and level),
 * never their own, never private, and not ones they have already started. None until the learner
 * has a course of their own.
 */
export async function getRecommendations(db: DbClient, { userId, limit = 3 }: { userId: number; limit?: number }): Promise<CourseSummary[]> {
  const [own, started] = await Promise.all([
    db.course.findMany({ where: { userId, status: "ready" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: PROFILE, select: textSelect }),
    db.courseProgress.findMany({ where: { userId }, select: { courseId: true } }),
  ]);
  if (own.length === 0) return [];
  return ranked(
    own,
    await publicCandidates(
      db,
      userId,
      started.map((row) => row.courseId),
    ),
    limit,
  );
}

/** The "What's Next?" panel: public courses like this one, never the learner's own or this course. */
export async function getRelatedCourses(
  db: DbClient,
  { courseId, userId, limit = 3 }: { courseId: number; userId: number; limit?: number },
): Promise<CourseSummary[]> {
  await getCourseOrThrow(db, { courseId, userId });
  const course = await db.course.findUniqueOrThrow({ where: { id: courseId }, select: textSelect });
  return ranked([course], await publicCandidates(db, userId, [courseId]), limit);
}

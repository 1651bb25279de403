/**
 * `npm run example:client -- --base http://localhost:3000 --username U --password P`: signs in
 * with the typed client (`coursecraft/client`) and prints the learner's courses with their
 * progress as JSON:
 *
 *   [{ "id": 12, "title": "Binary search", "complexity": "beginner", "createdAt": "…",
 *      "progress": { "completedSections": 3, "totalSections": 8, "percent": 38, "currentSectionId": 41 } }]
 *
 * Exits 1 with the server's message on failure ("Invalid username or password"), 2 on bad usage.
 * It is the example of the README's "From a script: the typed client", and `npm run check`
 * type-checks it against the server's router.
 */
import { parseArgs } from "node:util";

import { createCourseCraftClient, isCourseCraftError, type CourseCraftClient, type RouterOutputs } from "coursecraft/client";

type CourseSummary = RouterOutputs["course"]["mine"][number];
type ProgressRecord = RouterOutputs["progress"]["mine"][number];

type CourseWithProgress = Pick<CourseSummary, "id" | "title" | "complexity" | "createdAt"> & {
  progress: { completedSections: number; totalSections: number; percent: number; currentSectionId: number | null };
};

const USAGE = "usage: npm run example:client -- --base URL --username U --password P";

function summarize(course: CourseSummary, completed: number, total: number, currentSectionId: number | null): CourseWithProgress {
  const percent = total > 0 ? Math.round((completed / total) * 100) : 0;
  return {
    id: course.id,
    title: course.title,
    complexity: course.complexity,
    createdAt: course.createdAt,
    progress: { completedSections: completed, totalSections: total, percent, currentSectionId },
  };
}

/** The learner's courses, each with its progress: two calls in one batch, then the section count of courses not started yet. */
async function coursesWithProgress(client: CourseCraftClient): Promise<CourseWithProgress[]> {
  const [courses, records] = await Promise.all([client.course.mine.query(), client.progress.mine.query()]);
  const progressByCourse = new Map<number, ProgressRecord>(records.map((record) => [record.courseId, record]));
  // A course without progress has no record: its section count comes from the course itself (batched, 10 a request).
  const notStarted = courses.filter((course) => !progressByCourse.has(course.id));
  const details = await Promise.all(notStarted.map((course) => client.course.byId.query({ id: course.id })));
  const sectionCounts = new Map(details.map((detail) => [detail.course.id, detail.chapters.reduce((sum, chapter) => sum + chapter.sections.length, 0)]));
  return courses.map((course) => {
    const record = progressByCourse.get(course.id);
    return record
      ? summarize(course, record.completedSections.length, record.totalSections, record.currentSectionId)
      : summarize(course, 0, sectionCounts.get(course.id) ?? 0, null);
  });
}

async function main(): Promise<number> {
  let values: { base?: string; username?: string; password?: string };
  try {
    ({ values } = parseArgs({ options: { base: { type: "string" }, username: { type: "string" }, password: { type: "string" } }, strict: true }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { base, username, password } = values;
  if (!base || !username || !password) {
    console.error(USAGE);
    return 2;
  }
  const client = createCourseCraftClient({ url: base, auth: { kind: "password", username, password } });
  try {
    console.log(JSON.stringify(await coursesWithProgress(client), null, 2));
    return 0;
  } catch (error) {
    if (!isCourseCraftError(error)) throw error;
    const status = error.httpStatus === null ? "no answer" : `HTTP ${error.httpStatus}`;
    console.error(`${error.message} (${error.code}, ${status})`);
    return 1;
  }
}

const code = await main();
// Exit as soon as the output is written: an idle keep-alive socket or a timer must not hold the script (it should take well under 2 s).
process.stderr.write("", () => process.stdout.write("", () => process.exit(code)));

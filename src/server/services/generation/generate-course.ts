import type { StartGenerationInput } from "~/lib/schemas/generation";
import type { Db } from "~/server/db/client";
import { findGeneratedCourse } from "~/server/db/queries/generation";
import { AppError } from "~/server/errors";

import { startCourseGeneration, waitForGeneration } from "./start-generation";

/** The documented one-call flow: queue the job, wait for it, and answer with the course and what the learner should know of it. */
export async function generateCourseFromTopic(db: Db, userId: number, input: StartGenerationInput, signal?: AbortSignal) {
  const job = await startCourseGeneration(db, userId, input);
  const { courseId, notices } = await waitForGeneration(db, { userId, jobId: job.id }, { signal });
  const course = await findGeneratedCourse(db, courseId);
  if (!course) throw new AppError("NOT_FOUND", "Course Not Found");
  return { course, notices };
}

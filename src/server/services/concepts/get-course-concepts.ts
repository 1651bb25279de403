import type { CourseConcepts } from "~/lib/schemas/concepts";
import type { ExtractedConcept } from "~/server/ai/offline/concepts";
import type { DbClient } from "~/server/db";
import { selectCourseConceptList } from "~/server/db/queries/concepts";
import { getVisibleCourseSectionIds } from "~/server/services/course/get-course";

/** GET /api/courses/{id}/concepts: the course's concepts, strongest first (the course's visibility). */
export async function getCourseConcepts(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<CourseConcepts> {
  await getVisibleCourseSectionIds(db, { courseId, userId });
  const rows = await selectCourseConceptList(db, courseId);
  return {
    concepts: rows.map((row) => ({
      id: row.conceptId,
      label: row.concept.label,
      definition: row.definition,
      moments: row.moments as ExtractedConcept["moments"],
    })),
  };
}

import type { AssignmentView } from "~/lib/schemas/assignments";
import type { DbClient } from "~/server/db";
import { selectAssignmentsOf } from "~/server/db/queries/assignments";

import { assignmentView } from "./assignment-view";
import { roleIn } from "./view";

/** GET /api/classes/{id}/assignments: the class's assignments with the caller's own progress (404 outside the class). */
export async function listClassAssignments(db: DbClient, { userId, classId }: { userId: number; classId: number }): Promise<{ assignments: AssignmentView[] }> {
  await roleIn(db, { classId, userId });
  return { assignments: (await selectAssignmentsOf(db, { userId, classId })).map(assignmentView) };
}

import type { AssignmentView } from "~/lib/schemas/assignments";
import type { DbClient } from "~/server/db";
import { selectAssignmentsOf } from "~/server/db/queries/assignments";

import { assignmentView } from "./assignment-view";

/** GET /api/assignments: every assignment of every class the learner is in, with their own progress. */
export async function listMyAssignments(db: DbClient, userId: number): Promise<{ assignments: AssignmentView[] }> {
  return { assignments: (await selectAssignmentsOf(db, { userId, classId: null })).map(assignmentView) };
}

import { queueCourseScores } from "~/server/db/queries/lti-grades";
import type { SqlClient } from "~/server/db/sql-transaction";

import { LTI_SCOPE } from "./claims";

export { wakeScoreSender } from "./score-sender";

/**
 * Queues the learner's score in the course for every LTI line item that covers it (their launches
 * of a link to the course), in the caller's transaction, so a score is owed exactly when what it
 * reflects is saved; nothing waits for the platform (the score sender posts it). The rule (the
 * class dashboard's quiz average, the progress, the grading state) is in the statement:
 * db/queries/lti-grades.ts. Call wakeScoreSender() after the transaction commits.
 */
export function queueLtiScores(tx: SqlClient, { userId, courseId, at }: { userId: number; courseId: number; at: Date }): Promise<number> {
  return queueCourseScores(tx, { userId, courseId, at, scope: LTI_SCOPE.score });
}

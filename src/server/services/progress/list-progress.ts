import type { ProgressRecord } from "~/lib/schemas/progress";
import type { DbClient } from "~/server/db";

import { buildProgressRecords } from "./build-progress";

/** GET /api/progress/user: one record per course the user has progress in. */
export function listUserProgress(db: DbClient, userId: number): Promise<ProgressRecord[]> {
  return buildProgressRecords(db, { userId });
}

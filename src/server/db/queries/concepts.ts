import type { DbClient } from "../client";
import { queryRows } from "./run";

/**
 * Ready courses whose concepts are not found yet (the partial index Course_concepts_pending_idx),
 * at most $1, none of $2, in random order: processes backfilling side by side rarely pick the same.
 */
export async function selectCoursesWithoutConcepts(db: DbClient, { limit, skip }: { limit: number; skip: readonly number[] }): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    `SELECT id FROM "Course" WHERE status = 'ready' AND "conceptsAt" IS NULL AND NOT (id = ANY($2::int[])) ORDER BY random() LIMIT $1`,
    [limit, [...skip]],
  );
  return rows.map((row) => row.id);
}

import type { MasteryMap } from "~/lib/schemas/concepts";
import type { DbClient } from "~/server/db";
import { selectMasteryConcepts, selectMasteryEdges, selectMasteryTimelines } from "~/server/db/queries/mastery";

import { shownMastery } from "./model";

/**
 * GET /api/mastery: the learner's concepts (of their own courses, of the public ones they study,
 * and any they have evidence on), each with its mastery aged to `now` and where each course
 * explains it, the map's links, and the videos on the timeline of each course named (a moment of
 * a playlist course reads as its video's). Three statements at once, none per concept or course;
 * the stored state is read, never history.
 */
export async function getMastery(db: DbClient, { userId, now = new Date() }: { userId: number; now?: Date }): Promise<MasteryMap> {
  const [rows, edges, timelines] = await Promise.all([selectMasteryConcepts(db, userId), selectMasteryEdges(db, userId), selectMasteryTimelines(db, userId)]);
  return {
    concepts: rows.map((row) => ({
      id: row.id,
      label: row.label,
      language: row.language,
      mastery: shownMastery(
        row.pKnown === null || row.lastEvidenceAt === null
          ? null
          : { pKnown: row.pKnown, evidenceCount: row.evidenceCount ?? 0, lastEvidenceAt: new Date(row.lastEvidenceAt) },
        now,
      ),
      evidenceCount: row.evidenceCount ?? 0,
      lastEvidenceAt: row.lastEvidenceAt,
      courses: row.courses,
    })),
    edges,
    timelines,
  };
}

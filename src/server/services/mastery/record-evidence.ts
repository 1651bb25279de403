/**
 * Records evidence of what a learner knows: each piece updates the learner's mastery of the
 * concepts it bears on (model.ts), in the caller's transaction, the one that stores the event
 * (the attempt, the review), so the two are never apart. Rows are locked while they are updated:
 * two events at once on one concept apply one after the other.
 */
import { lockMasteryRows, type MasteryRow, writeMasteryRows } from "~/server/db/queries/mastery";
import type { SqlClient } from "~/server/db/sql-transaction";

import { afterEvidence, type Evidence, MASTERY_PARAMETERS, type MasteryState } from "./model";

export type ConceptEvidence = { conceptIds: readonly number[]; evidence: Evidence };

/** Returns the learner's state of each concept the evidence bore on, as written. */
export async function recordEvidence(tx: SqlClient, userId: number, pieces: readonly ConceptEvidence[]): Promise<Map<number, MasteryState>> {
  const conceptIds = pieces.flatMap((piece) => piece.conceptIds);
  if (conceptIds.length === 0) return new Map();
  const now = pieces.reduce((latest, piece) => (piece.evidence.at > latest ? piece.evidence.at : latest), pieces[0]!.evidence.at);
  const rows = await lockMasteryRows(tx, { userId, conceptIds, prior: MASTERY_PARAMETERS.prior, now });
  const states = new Map<number, MasteryState | null>(
    rows.map((row) => [row.conceptId, row.evidenceCount === 0 ? null : { ...row, lastEvidenceAt: new Date(row.lastEvidenceAt) }]),
  );
  for (const { conceptIds: ids, evidence } of pieces) {
    for (const id of new Set(ids)) if (states.has(id)) states.set(id, afterEvidence(states.get(id) ?? null, evidence));
  }
  const written = new Map<number, MasteryState>();
  for (const [conceptId, state] of states) if (state) written.set(conceptId, state);
  await writeMasteryRows(
    tx,
    userId,
    [...written].map(([conceptId, state]): MasteryRow => ({ conceptId, ...state, lastEvidenceAt: state.lastEvidenceAt.toISOString() })),
  );
  return written;
}

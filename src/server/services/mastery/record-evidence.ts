/**
 * Records evidence of what a learner knows: the pieces of one event (an attempt, a practice
 * answer, a review) update the learner's mastery of the concepts they bear on (model.ts), in the
 * caller's transaction, the one that stores the event, so the two are never apart. A piece on a
 * question that tests several concepts is shared between them. Rows are locked while they are
 * updated: two events at once on one concept apply one after the other.
 */
import { lockMasteryRows, type MasteryRow, writeMasteryRows } from "~/server/db/queries/mastery";
import type { SqlClient } from "~/server/db/sql-transaction";

import { afterEvent, type Evidence, MASTERY_PARAMETERS, type MasteryState, splitAcrossConcepts } from "./model";

export type ConceptEvidence = { conceptIds: readonly number[]; evidence: Evidence };

/** Each concept's share of the event's pieces (pieces of weight 0 left out). */
function evidenceByConcept(pieces: readonly ConceptEvidence[]): Map<number, Evidence[]> {
  const byConcept = new Map<number, Evidence[]>();
  for (const { conceptIds, evidence } of pieces) {
    if ((evidence.weight ?? 1) <= 0) continue;
    const tested = new Set(conceptIds);
    for (const id of tested) {
      const share = splitAcrossConcepts(evidence, tested.size);
      const list = byConcept.get(id);
      if (list) list.push(share);
      else byConcept.set(id, [share]);
    }
  }
  return byConcept;
}

/** Returns the learner's state of each concept the evidence bore on, as written. */
export async function recordEvidence(tx: SqlClient, userId: number, pieces: readonly ConceptEvidence[]): Promise<Map<number, MasteryState>> {
  const byConcept = evidenceByConcept(pieces);
  if (byConcept.size === 0) return new Map();
  const now = pieces.reduce((latest, piece) => (piece.evidence.at > latest ? piece.evidence.at : latest), pieces[0]!.evidence.at);
  const rows = await lockMasteryRows(tx, { userId, conceptIds: [...byConcept.keys()], prior: MASTERY_PARAMETERS.prior, now });
  const written = new Map<number, MasteryState>();
  for (const row of rows) {
    const before = row.evidenceCount === 0 ? null : { ...row, lastEvidenceAt: new Date(row.lastEvidenceAt) };
    const after = afterEvent(before, byConcept.get(row.conceptId) ?? []);
    if (after) written.set(row.conceptId, after);
  }
  await writeMasteryRows(
    tx,
    userId,
    [...written].map(([conceptId, state]): MasteryRow => ({ conceptId, ...state, lastEvidenceAt: state.lastEvidenceAt.toISOString() })),
  );
  return written;
}

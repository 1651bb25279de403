import { buildPassages, createPassageIndex, type PassageIndex } from "~/server/ai/chat/retrieval";
import type { DbClient } from "~/server/db";

import { getCourseTrack } from "../transcript/course-track";

/**
 * Indexes of recently asked-about transcripts, per client. A cached transcript is written once and
 * never changed (transcript-cache.ts), so an index stays right; loading and indexing an hour of
 * transcript costs ~10 ms, which every message of a conversation would otherwise pay again.
 */
const MAX_INDEXES = 32;
const indexes = new WeakMap<object, Map<string, PassageIndex>>();

/** The searchable passages of the transcript a course was built from; null when it has none. */
export async function loadPassageIndex(db: DbClient, courseId: number): Promise<PassageIndex | null> {
  const known = indexes.get(db) ?? new Map<string, PassageIndex>();
  indexes.set(db, known);
  const track = await getCourseTrack(db, courseId, (key) => !known.has(key));
  if (!track) return null;
  const cached = known.get(track.key);
  if (cached) return cached;
  const index = createPassageIndex(buildPassages(track.segments));
  if (known.size >= MAX_INDEXES) known.delete(known.keys().next().value!);
  known.set(track.key, index);
  return index;
}

import { buildPassages, createPassageIndex, type PassageIndex } from "~/server/ai/chat/retrieval";
import type { DbClient } from "~/server/db";

/**
 * Indexes of recently asked-about videos, per client. A cached transcript is written once and
 * never changed (transcript-cache.ts), so an index stays right; loading and indexing an hour of
 * transcript costs ~10 ms, which every message of a conversation would otherwise pay again.
 */
const MAX_INDEXES = 32;
const indexes = new WeakMap<object, Map<string, PassageIndex>>();

/** The searchable passages of a video's cached transcript; null when it has none (yet). */
export async function loadPassageIndex(db: DbClient, videoId: string | null): Promise<PassageIndex | null> {
  if (!videoId) return null;
  const known = indexes.get(db) ?? new Map<string, PassageIndex>();
  indexes.set(db, known);
  const cached = known.get(videoId);
  if (cached) return cached;
  const segments = await db.transcriptSegment.findMany({
    where: { transcript: { videoId } },
    orderBy: { index: "asc" },
    select: { startMs: true, endMs: true, text: true },
  });
  if (segments.length === 0) return null;
  const index = createPassageIndex(buildPassages(segments));
  if (known.size >= MAX_INDEXES) known.delete(known.keys().next().value!);
  known.set(videoId, index);
  return index;
}

import { buildPassages, createPassageIndex, type PassageIndex } from "~/server/ai/chat/retrieval";
import type { DbClient } from "~/server/db";

/** The searchable passages of a video's cached transcript; null when it has none. */
export async function loadPassageIndex(db: DbClient, videoId: string | null): Promise<PassageIndex | null> {
  if (!videoId) return null;
  const segments = await db.transcriptSegment.findMany({
    where: { transcript: { videoId } },
    orderBy: { index: "asc" },
    select: { startMs: true, endMs: true, text: true },
  });
  return segments.length ? createPassageIndex(buildPassages(segments)) : null;
}

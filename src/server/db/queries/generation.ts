import type { DbClient } from "../client";

export type TranscriptSegmentValues = { index: number; startMs: number; endMs: number; text: string };

/**
 * Stores a video's transcript with its segments, in one statement; nothing when the video has a
 * transcript already (two jobs caching the same video at once: the second keeps the first's).
 * Answers the segment rows inserted.
 */
export function insertTranscript(
  db: DbClient,
  { videoId, source, segments }: { videoId: string; source: string; segments: readonly TranscriptSegmentValues[] },
): Promise<number> {
  return db.$executeRaw`
    WITH transcript AS (
      INSERT INTO "Transcript" ("videoId", "language", "source") VALUES (${videoId}, 'und', ${source})
      ON CONFLICT ("videoId") DO NOTHING RETURNING id)
    INSERT INTO "TranscriptSegment" ("transcriptId", "index", "startMs", "endMs", "text")
    SELECT transcript.id, s.index, s."startMs", s."endMs", s.text
    FROM transcript, jsonb_to_recordset(${JSON.stringify(segments)}::jsonb) AS s(index int, "startMs" int, "endMs" int, text text)`;
}

import type { DbClient } from "../client";

type TranscriptSegmentValues = { index: number; startMs: number; endMs: number; text: string };

export type NewTranscript = {
  videoId: string;
  source: string;
  language: string;
  translated: boolean;
  title: string | null;
  description: string | null;
  segments: readonly TranscriptSegmentValues[];
};

/**
 * Stores one track of a video with its segments, in one statement; nothing when the video has a
 * track in that language already (two jobs caching the same track at once: the second keeps the
 * first's). Answers the segment rows inserted.
 */
export function insertTranscript(db: DbClient, { videoId, source, language, translated, title, description, segments }: NewTranscript): Promise<number> {
  return db.$executeRaw`
    WITH transcript AS (
      INSERT INTO "Transcript" ("videoId", "language", "translated", "title", "description", "source")
      VALUES (${videoId}, ${language}, ${translated}, ${title}, ${description}, ${source})
      ON CONFLICT ("videoId", "language") DO NOTHING RETURNING id)
    INSERT INTO "TranscriptSegment" ("transcriptId", "index", "startMs", "endMs", "text")
    SELECT transcript.id, s.index, s."startMs", s."endMs", s.text
    FROM transcript, jsonb_to_recordset(${JSON.stringify(segments)}::jsonb) AS s(index int, "startMs" int, "endMs" int, text text)`;
}

import { z } from "zod";

const transcriptSegmentOutput = z.object({
  /** Seconds from the start of the video. */
  start: z.number(),
  end: z.number(),
  text: z.string(),
  /** The section whose time range holds `start`, or null (before the first section, or a course without sections). */
  sectionId: z.number().int().nullable(),
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentOutput>;

/** GET /api/courses/{id}/transcript: the course video's transcript in time order (empty when it has none). */
export const transcriptOutput = z.object({ segments: z.array(transcriptSegmentOutput) });
export type Transcript = z.infer<typeof transcriptOutput>;

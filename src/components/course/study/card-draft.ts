import type { Note } from "~/lib/schemas/notes";
import type { TranscriptSegment } from "~/lib/schemas/transcript";

/** What 'Make a card' starts from: the sides to edit, and where the card came from. */
export type CardDraft = { source: "note" | "transcript"; noteId?: number; front: string; back: string; timeSeconds: number | null };

/** A note becomes the card's question; the line it quoted (if any) the answer, for the learner to edit. */
export const draftFromNote = (note: Pick<Note, "id" | "text" | "quote" | "timeSeconds">): CardDraft => ({
  source: "note",
  noteId: note.id,
  front: note.text,
  back: note.quote ?? "",
  timeSeconds: note.timeSeconds,
});

/** A transcript line is what the video says: the answer side, with the question left to the learner. */
export const draftFromLine = (segment: Pick<TranscriptSegment, "text" | "start">): CardDraft => ({
  source: "transcript",
  front: "",
  back: segment.text,
  timeSeconds: segment.start,
});

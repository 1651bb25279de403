import { z } from "zod";

import { idParam, learnerText, secondsSchema } from "./common";
import { NOTE_TEXT_MAX_LENGTH } from "~/lib/rules/notes";

/** A quoted transcript line is a caption, never long; the cap keeps a hand-made quote bounded too. */
const NOTE_QUOTE_MAX_LENGTH = 1_000;

const noteText = learnerText("Note", "multi-line")
  .min(1, "The note is empty")
  .max(NOTE_TEXT_MAX_LENGTH, `A note can be at most ${NOTE_TEXT_MAX_LENGTH.toLocaleString("en-US")} characters`);

/** The transcript line the note quotes; the service stores an empty one as no quote. */
const noteQuote = learnerText("Quote", "multi-line").max(
  NOTE_QUOTE_MAX_LENGTH,
  `A quote can be at most ${NOTE_QUOTE_MAX_LENGTH.toLocaleString("en-US")} characters`,
);

/** Seconds from the start of the video; whether it is inside the video is the service's check (422). */
const timeSeconds = secondsSchema("timeSeconds");

export const noteOutput = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  timeSeconds: z.number(),
  text: z.string(),
  quote: z.string().nullable(),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
});
export type Note = z.infer<typeof noteOutput>;

/** GET /api/courses/{id}/notes: the caller's own notes of the course, in time order. */
export const noteListOutput = z.object({ notes: z.array(noteOutput) });

/** POST /api/courses/{id}/notes */
export const noteCreateInput = z.object({ id: idParam, timeSeconds, text: noteText, quote: noteQuote.nullable().optional() }).strict();
export type NoteCreateInput = z.infer<typeof noteCreateInput>;

/** PATCH /api/notes/{id}: what is sent changes; `quote: null` removes the quote. */
export const noteUpdateInput = z
  .object({ id: idParam, timeSeconds: timeSeconds.optional(), text: noteText.optional(), quote: noteQuote.nullable().optional() })
  .strict();
export type NoteUpdateInput = z.infer<typeof noteUpdateInput>;

/** DELETE /api/notes/{id} */
export const noteIdInput = z.object({ id: idParam }).strict();

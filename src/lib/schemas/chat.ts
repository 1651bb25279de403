import { z } from "zod";

import { idParam, idSchema, learnerText, secondsSchema } from "./common";
import { CHAT_MESSAGE_MAX_LENGTH, TUTOR_MODES } from "~/lib/rules/chat";

export const chatMessageOutput = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  courseId: z.number().int(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  /** When the message was stored (ISO 8601, UTC). */
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageOutput>;

/** GET /api/courses/{id}/chat?userId={userId}: `userId`, when sent, must be the caller's. */
export const chatHistoryInput = z.object({ id: idParam, userId: idParam.optional() }).strict();

/**
 * 'Ask about this moment': the playback time the question is about, in seconds from the start of
 * the video. A JSON number only ("12" is not a moment).
 */
const atSecondsSchema = secondsSchema("atSeconds", "Ask about this moment: the playback time in seconds");

/** POST /api/courses/{id}/chat: the learner's message; the answer is the stored assistant message. */
export const chatSendInput = z
  .object({
    id: idParam,
    userId: idSchema.optional(),
    content: learnerText("Message", "multi-line")
      .min(1, "Please type a message")
      .max(CHAT_MESSAGE_MAX_LENGTH, `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
    mode: z.enum(TUTOR_MODES, { error: `mode must be one of: ${TUTOR_MODES.join(", ")}` }).optional(),
    atSeconds: atSecondsSchema.optional(),
  })
  .strict();

/** What the page knows of a message it shows: the stored id and time, once the server has stored it. */
export type ChatMessageMetadata = { id?: number; timestamp?: string };

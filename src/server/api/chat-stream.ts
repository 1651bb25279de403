import { createUIMessageStream, createUIMessageStreamResponse, type UIMessage } from "ai";

import type { ChatMessage, ChatMessageMetadata } from "~/lib/schemas/chat";
import { chatSendInput } from "~/lib/schemas/chat";
import { isAppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { defaultChatAnswerer, finishChatReply, startChatReply, type ChatAnswerer, type ChatReply } from "~/server/services/chat/reply";

import { compilePath } from "./paths";
import { type ApiHandler, parseJsonInput, withUser } from "./route-handler";
import { assertOwnUserId } from "./trpc";

/** POST /api/courses/{id}/chat/stream: the course tutor's reply, streamed as a UI message stream (useChat). */
export const CHAT_STREAM_PATH = "/api/courses/{id}/chat/stream";
const courseIdOf = compilePath(CHAT_STREAM_PATH);

const GENERIC_FAILURE = "Error sending message";

/**
 * The streamed counterpart of POST /api/courses/{id}/chat, for the chat page's useChat: the same
 * checks, limits and storage (services/chat/reply.ts), with the reply sent piece by piece as the
 * model writes it. Everything that can fail before the first word is an ordinary JSON error
 * with its status (401, 400, 403, 404, 429 with Retry-After, 503); what fails later ends the
 * stream with an error part after the cut-off note. When the learner stops (the request is
 * aborted), the model call is aborted and what was said is stored.
 */
export function chatStreamHandler(answer: () => ChatAnswerer = defaultChatAnswerer): ApiHandler {
  return withUser(async (req, { ctx, user, body }) => {
    const input = parseJsonInput(chatSendInput, body, { id: courseIdOf(new URL(req.url).pathname)?.id });
    assertOwnUserId(user, input.userId);
    const reply = await startChatReply(
      ctx.db,
      { courseId: input.id, userId: user.id, content: input.content, mode: input.mode, atSeconds: input.atSeconds, timeZone: ctx.timeZone },
      answer(),
      req.signal,
    );
    return createUIMessageStreamResponse({ stream: replyStream(reply), headers: { "Cache-Control": "no-store", "X-Accel-Buffering": "no" } });
  }, "chat stream failed");
}

export const handleChatStream: ApiHandler = chatStreamHandler();

const metadataOf = (message: ChatMessage): ChatMessageMetadata => ({ id: message.id, timestamp: message.timestamp });

function replyStream(reply: ChatReply) {
  return createUIMessageStream<UIMessage<ChatMessageMetadata>>({
    async execute({ writer }) {
      writer.write({ type: "start", messageMetadata: {} });
      writer.write({ type: "text-start", id: "reply" });
      const outcome = await finishChatReply(reply, (delta) => writer.write({ type: "text-delta", id: "reply", delta }));
      writer.write({ type: "text-end", id: "reply" });
      if (outcome.status === "failed") throw outcome.error;
      writer.write({ type: "finish", messageMetadata: outcome.message ? metadataOf(outcome.message) : {} });
    },
    onError(error) {
      if (isAppError(error)) return error.message;
      logger.error("chat stream failed", { error });
      return GENERIC_FAILURE;
    },
  });
}

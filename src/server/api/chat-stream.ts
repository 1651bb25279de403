import { createUIMessageStream, createUIMessageStreamResponse, type UIMessage } from "ai";

import type { ChatMessage, ChatMessageMetadata } from "~/lib/schemas/chat";
import { chatSendInput } from "~/lib/schemas/chat";
import { isAppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { defaultChatAnswerer, finishChatReply, startChatReply, type ChatAnswerer, type ChatReply } from "~/server/services/chat/reply";

import { compilePath } from "./paths";
import { type ApiHandler, jsonObjectInput, routeHandler, runProcedure } from "./route-handler";
import { ownUserIdOnly, protectedProcedure } from "./trpc";

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
  // A procedure outside the router, run by the route: its sign-in, input and ownership checks are every procedure's.
  const start = protectedProcedure
    .input(chatSendInput)
    .use(ownUserIdOnly)
    .mutation(({ ctx, input, signal }) =>
      startChatReply(
        ctx.db,
        { courseId: input.id, userId: ctx.user.id, content: input.content, mode: input.mode, atSeconds: input.atSeconds, timeZone: ctx.timeZone },
        answer(),
        signal ?? new AbortController().signal,
      ),
    );
  return routeHandler(async (req, { ctx, body }) => {
    const input = jsonObjectInput(body, { id: courseIdOf(new URL(req.url).pathname)?.id });
    const reply = (await runProcedure(start, { ctx, input, signal: req.signal })) as ChatReply;
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

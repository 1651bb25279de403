import { createUIMessageStream, createUIMessageStreamResponse, type UIMessage } from "ai";

import type { ChatMessage, ChatMessageMetadata } from "~/lib/schemas/chat";
import { chatSendInput } from "~/lib/schemas/chat";
import { isAppError, toAppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { defaultChatAnswerer, finishChatReply, startChatReply, type ChatAnswerer, type ChatReply } from "~/server/services/chat/reply";

import type { ApiHandler } from "./handlers";
import { checkApiRequest, jsonError } from "./http-guards";
import { createTRPCContext, readableValidationMessage } from "./trpc";

/** POST /api/courses/{id}/chat/stream: the course tutor's reply, streamed as a UI message stream (useChat). */
export const CHAT_STREAM_PATH = /^\/api\/courses\/([^/]+)\/chat\/stream$/;

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
  return async (req, preread) => {
    const checked = await checkApiRequest(req, { body: preread });
    if (checked instanceof Response) return checked;
    const ctx = createTRPCContext({ headers: req.headers });
    const user = await ctx.getUser();
    if (!user) return jsonError(401, "UNAUTHORIZED", "Please sign in to continue");

    const courseId = CHAT_STREAM_PATH.exec(new URL(req.url).pathname)?.[1];
    const body = parseJsonObject(checked.body);
    if (!body) return jsonError(400, "BAD_REQUEST", "The request body must be a JSON object");
    const input = chatSendInput.safeParse({ ...body, id: courseId });
    if (!input.success) return jsonError(400, "BAD_REQUEST", readableValidationMessage(input.error.issues));
    if (input.data.userId !== undefined && input.data.userId !== user.id) return jsonError(403, "FORBIDDEN", "You can only access your own data");

    try {
      const reply = await startChatReply(ctx.db, { courseId: input.data.id, userId: user.id, content: input.data.content, mode: input.data.mode, timeZone: ctx.timeZone }, answer(), req.signal);
      return createUIMessageStreamResponse({ stream: replyStream(reply), headers: { "Cache-Control": "no-store", "X-Accel-Buffering": "no" } });
    } catch (error) {
      return errorResponse(error);
    }
  };
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

function parseJsonObject(bytes: Uint8Array | null): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes ?? new Uint8Array()) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function errorResponse(error: unknown): Response {
  const known = toAppError(error);
  if (!known) {
    logger.error("chat stream failed", { error });
    return jsonError(500, "INTERNAL_SERVER_ERROR", "Internal server error");
  }
  if (known.retryAfterSeconds === undefined) return jsonError(known.status, known.code, known.message);
  // The page reads the wait from the body: useChat's error carries the body, not the headers.
  const headers = { "Retry-After": String(known.retryAfterSeconds) };
  return Response.json({ message: known.message, code: known.code, retryAfter: known.retryAfterSeconds }, { status: known.status, headers });
}

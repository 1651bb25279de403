import type { UIMessage } from "ai";

import { isConnectionFailure, waitText } from "~/lib/failure-text";
import type { ChatMessage, ChatMessageMetadata } from "~/lib/schemas/chat";

/** A message as the chat page holds it (useChat's shape), with its stored id and time once known. */
export type ChatUIMessage = UIMessage<ChatMessageMetadata>;

export function toUIMessage(message: ChatMessage): ChatUIMessage {
  return {
    id: `m${message.id}`,
    role: message.role,
    metadata: { id: message.id, timestamp: message.timestamp },
    parts: [{ type: "text", text: message.content }],
  };
}

export function messageText(message: Pick<ChatUIMessage, "parts">): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
}

/** Enter sends; Shift+Enter (or Enter while an input method is composing) makes a new line. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.isComposing;
}

/**
 * The learner-facing message of a failed send. A refused request's error carries the server's
 * JSON body as its message ({ message, retryAfter? }); a stream that broke off carries the
 * server's text; anything else (the network) gets a plain sentence.
 */
export function sendFailureMessage(error: Error): string {
  const body = parseJson(error.message);
  if (body && typeof body.message === "string") {
    const wait = typeof body.retryAfter === "number" && body.retryAfter > 0 ? ` You can send again in ${waitText(body.retryAfter)}.` : "";
    return `${body.message}${wait}`;
  }
  if (isConnectionFailure(error) || !error.message.trim()) return "The message could not be sent. Check your connection and try again.";
  return error.message;
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** "14:05", or the date too when it is not today. */
export function formatMessageTime(iso: string | undefined, now = new Date()): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  return date.toDateString() === now.toDateString() ? time : `${date.toLocaleDateString(undefined, { month: "short", day: "numeric" })}, ${time}`;
}

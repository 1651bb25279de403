import type { ChatMessage, TutorMode } from "~/lib/schemas/chat";
import type { CourseDetail } from "~/lib/schemas/course";
import { HISTORY_MAX_MESSAGES } from "~/server/ai/chat/prompt";
import { createLlmTutor } from "~/server/ai/chat/tutor";
import { aiCallSettings, getLanguageModel } from "~/server/ai/models";
import type { DbClient } from "~/server/db";
import { consumeLimit, LIMITS } from "~/server/rate-limit";
import { getCourseOrThrow } from "~/server/services/course/get-course";

import { llmAnswerer } from "./llm-answer";
import { answerOffline } from "./offline-answer";

/** The newest messages a history request returns (oldest first). */
export const CHAT_HISTORY_LIMIT = 200;

const messageSelect = { id: true, userId: true, courseId: true, role: true, content: true, timestamp: true } as const;

type MessageRow = { id: number; userId: number; courseId: number; role: "user" | "assistant"; content: string; timestamp: Date };

const toChatMessage = (row: MessageRow): ChatMessage => ({ ...row, timestamp: row.timestamp.toISOString() });

/**
 * The caller's conversation about a course they can see (their own, or a public ready one),
 * oldest first. Each learner has their own history of a shared course; nobody reads another's.
 */
export async function getChatHistory(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<ChatMessage[]> {
  await getCourseOrThrow(db, { courseId, userId });
  const rows = await db.chatMessage.findMany({
    where: { courseId, userId },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: CHAT_HISTORY_LIMIT,
    select: messageSelect,
  });
  return rows.reverse().map(toChatMessage);
}

/** Writes the tutor's reply to a question about a course, given the conversation before it. */
export type ChatAnswerer = (
  db: DbClient,
  request: { course: CourseDetail; question: string; mode: TutorMode; history: { role: "user" | "assistant"; content: string }[] },
) => Promise<string>;

/** The configured tutor: the language model when there is one, else answers from the video. */
export function defaultChatAnswerer(): ChatAnswerer {
  const model = getLanguageModel();
  return model ? llmAnswerer(createLlmTutor(model, aiCallSettings())) : answerOffline;
}

/**
 * Stores the learner's message and the tutor's reply, and returns the reply (POST
 * /api/courses/{id}/chat). Counted against the learner's chat rate limit before anything is
 * stored. When the tutor fails (the AI service is down), the question stays in the history
 * and the error says why.
 */
export async function sendChatMessage(
  db: DbClient,
  { courseId, userId, content, mode = "explain" }: { courseId: number; userId: number; content: string; mode?: TutorMode },
  answer: ChatAnswerer = defaultChatAnswerer(),
): Promise<ChatMessage> {
  const course = await getCourseOrThrow(db, { courseId, userId });
  await consumeLimit(LIMITS.chatMessagesPerUser, String(userId));
  const history = await db.chatMessage.findMany({
    where: { courseId, userId },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: HISTORY_MAX_MESSAGES,
    select: { role: true, content: true },
  });
  await db.chatMessage.create({ data: { userId, courseId, role: "user", content }, select: { id: true } });
  const reply = await answer(db, { course, question: content, mode, history: history.reverse() });
  return toChatMessage(await db.chatMessage.create({ data: { userId, courseId, role: "assistant", content: reply }, select: messageSelect }));
}

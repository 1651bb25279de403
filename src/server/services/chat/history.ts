import type { ChatMessage } from "~/lib/schemas/chat";
import type { DbClient } from "~/server/db";
import { getCourseOrThrow } from "~/server/services/course/get-course";

/** The newest messages a history request returns (oldest first). */
const CHAT_HISTORY_LIMIT = 200;

export const messageSelect = { id: true, userId: true, courseId: true, role: true, content: true, timestamp: true } as const;

type MessageRow = { id: number; userId: number; courseId: number; role: "user" | "assistant"; content: string; timestamp: Date };

export const toChatMessage = (row: MessageRow): ChatMessage => ({ ...row, timestamp: row.timestamp.toISOString() });

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

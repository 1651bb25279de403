import type { ChatMessage } from "~/lib/schemas/chat";
import type { DbClient } from "~/server/db";
import { selectNewestMessages } from "~/server/db/queries/chat";
import { getCourseOrThrow } from "~/server/services/course/get-course";

/** The newest messages a history request returns (oldest first). */
const CHAT_HISTORY_LIMIT = 200;

type MessageRow = { id: number; userId: number; courseId: number; role: "user" | "assistant"; content: string; timestamp: Date };

export const toChatMessage = (row: MessageRow): ChatMessage => ({ ...row, timestamp: row.timestamp.toISOString() });

/**
 * The caller's conversation about a course they can see (their own, or a public ready one),
 * oldest first. Each learner has their own history of a shared course; nobody reads another's.
 */
export async function getChatHistory(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<ChatMessage[]> {
  await getCourseOrThrow(db, { courseId, userId });
  const rows = await selectNewestMessages(db, { courseId, userId, limit: CHAT_HISTORY_LIMIT });
  return rows.reverse().map(toChatMessage);
}

import type { DbClient } from "../client";

const messageSelect = { id: true, userId: true, courseId: true, role: true, content: true, timestamp: true } as const;

/** The learner's newest messages about a course (theirs and the tutor's), newest first, at most `limit`. */
export function selectNewestMessages(db: DbClient, { courseId, userId, limit }: { courseId: number; userId: number; limit: number }) {
  return db.chatMessage.findMany({ where: { courseId, userId }, orderBy: [{ timestamp: "desc" }, { id: "desc" }], take: limit, select: messageSelect });
}

/** What the tutor reads of a conversation: the role and text of its newest messages, newest first, at most `limit`. */
export function selectNewestTurns(db: DbClient, { courseId, userId, limit }: { courseId: number; userId: number; limit: number }) {
  return db.chatMessage.findMany({
    where: { courseId, userId },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: limit,
    select: { role: true, content: true },
  });
}

/** Stores one message of a learner's conversation about a course; answers it as stored. */
export function insertMessage(
  db: DbClient,
  { userId, courseId, role, content }: { userId: number; courseId: number; role: "user" | "assistant"; content: string },
) {
  return db.chatMessage.create({ data: { userId, courseId, role, content }, select: messageSelect });
}

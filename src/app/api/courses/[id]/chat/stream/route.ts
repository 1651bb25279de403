import { handleChatStream } from "~/server/api/chat-stream";

// POST /api/courses/{id}/chat/stream: the chat page's streamed replies (production serves it from src/server/api/direct.ts).
const stream = (req: Request) => handleChatStream(req);
export { stream as POST };

/** The tutor chat: its modes, its limit and its stream's path. Zod-free: the chat page imports it. */

/** How the tutor answers: explain (default), simpler, hint (never the answer), quiz (asks and checks). */
export const TUTOR_MODES = ["explain", "simpler", "hint", "quiz"] as const;
export type TutorMode = (typeof TUTOR_MODES)[number];

/** The spec's limit on a chat message, after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;

/** POST /api/courses/{id}/chat/stream: the streamed reply's path (the body is chatSendInput's, without `id`). */
export const chatStreamPath = (courseId: number) => `/api/courses/${courseId}/chat/stream`;

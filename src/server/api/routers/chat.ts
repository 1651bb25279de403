import { z } from "zod";

import { chatHistoryInput, chatMessageOutput, chatSendInput } from "~/lib/schemas/chat";
import { getChatHistory } from "~/server/services/chat/history";
import { sendChatMessage } from "~/server/services/chat/reply";

import { createTRPCRouter, protectedProcedure, ownUserIdOnly } from "../trpc";

export const chatRouter = createTRPCRouter({
  // GET /api/courses/{id}/chat?userId={userId}
  history: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/chat",
        errorResponses: { 403: "Another learner's userId", 404: "Course Not Found" },
        tags: ["chat"],
        summary: "Your conversation about a course you can see, oldest first (userId: only your own)",
      },
    })
    .input(chatHistoryInput)
    .use(ownUserIdOnly)
    .output(z.array(chatMessageOutput))
    .query(({ ctx, input }) => getChatHistory(ctx.db, { courseId: input.id, userId: ctx.user.id })),

  // POST /api/courses/{id}/chat
  send: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/courses/{id}/chat",
        errorResponses: {
          403: "Another learner's userId",
          404: "Course Not Found",
          429: "Too many messages (Retry-After), or the AI service is busy",
          503: "The AI service could not be reached, or the reply was interrupted",
        },
        tags: ["chat"],
        summary: "Ask the course tutor; answers with the stored reply (userId: only your own)",
      },
    })
    .input(chatSendInput)
    .use(ownUserIdOnly)
    .output(chatMessageOutput)
    .mutation(({ ctx, input }) =>
      sendChatMessage(ctx.db, {
        courseId: input.id,
        userId: ctx.user.id,
        content: input.content,
        mode: input.mode,
        atSeconds: input.atSeconds,
        timeZone: ctx.timeZone,
      }),
    ),
});

import { generateOpenApiDocument } from "trpc-to-openapi";

import { appRouter } from "./root";

let document: ReturnType<typeof generateOpenApiDocument> | undefined;

/** The OpenAPI 3.1 document of every REST path, generated from the routers' meta and schemas. */
export function openApiDocument(baseUrl: string) {
  document ??= generateOpenApiDocument(appRouter, {
    title: "CourseCraft API",
    description: "The documented /api paths of CourseCraft. Sessions are cookies: sign in with POST /api/login first.",
    version: "1.0.0",
    baseUrl,
    tags: ["auth", "courses", "progress"],
  });
  return { ...document, paths: { ...document.paths, ...CHAT_STREAM_PATH_DOC }, servers: [{ url: baseUrl }] };
}

const jsonError = (description: string) => ({
  description,
  content: { "application/json": { schema: { type: "object", properties: { message: { type: "string" }, code: { type: "string" } }, required: ["message"] } } },
});

/** The streamed chat reply is a route of its own (src/server/api/chat-stream.ts), not a procedure: documented by hand. */
const CHAT_STREAM_PATH_DOC: NonNullable<ReturnType<typeof generateOpenApiDocument>["paths"]> = {
  "/courses/{id}/chat/stream": {
    post: {
      tags: ["chat"],
      summary: "Ask the course tutor; the reply streams as an AI SDK UI message stream (server-sent events)",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                content: { type: "string", minLength: 1, maxLength: 4000 },
                mode: { type: "string", enum: ["explain", "simpler", "hint", "quiz"] },
                userId: { type: "integer", description: "only your own" },
              },
              required: ["content"],
              additionalProperties: false,
            },
          },
        },
      },
      responses: {
        "200": {
          description: "`data: {chunk}` events (start, text-delta, …, finish with the stored message's id and timestamp, or error), then `data: [DONE]`",
          content: { "text/event-stream": { schema: { type: "string" } } },
        },
        "400": jsonError("Invalid message"),
        "401": jsonError("Not signed in"),
        "403": jsonError("Another user's userId"),
        "404": jsonError("Course Not Found"),
        "429": jsonError("Too many messages (Retry-After; the body also has retryAfter seconds), or the AI service is busy"),
        "503": jsonError("The AI service could not be reached"),
      },
    },
  },
};

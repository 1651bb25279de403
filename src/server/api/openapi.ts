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
  return { ...document, servers: [{ url: baseUrl }] };
}

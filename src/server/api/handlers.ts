import { fetchRequestHandler } from "@trpc/server/adapters/fetch";

import { MAX_TRPC_BATCH } from "~/lib/api-limits";
import { logger } from "~/server/logger";

import { checkApiRequest, guardApiRequest } from "./http-guards";
import { createRestAdapter } from "./rest-adapter";
import { asFetchRequest, asResponse } from "./api-request";
import type { ApiHandler, PlainHandler } from "./route-handler";
import { appRouter } from "./root";
import { createTRPCContext, retryAfterOf } from "./trpc";

function logUnexpected({ error, path }: { error: { code: string; cause?: unknown; message: string }; path?: string }) {
  if (error.code === "INTERNAL_SERVER_ERROR") logger.error("request failed", { path, error: error.cause ?? error.message });
}

function retryAfterHeaders(errors: { cause?: unknown }[]): Record<string, string> {
  const retryAfter = errors.map(retryAfterOf).find((value) => value !== undefined);
  return retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) };
}

// /api/trpc/* — the typed API the React pages use.
export const handleTrpc: ApiHandler = async (raw, body) => {
  const req = await guardApiRequest(asFetchRequest(raw), { body });
  if (req instanceof Response) return req;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    maxBatchSize: MAX_TRPC_BATCH,
    createContext: ({ req: request, resHeaders }) => createTRPCContext({ headers: request.headers, resHeaders }),
    responseMeta: ({ errors }) => ({ headers: { "Cache-Control": "no-store", ...retryAfterHeaders(errors) } }),
    onError: logUnexpected,
  });
};

const rest = createRestAdapter({
  router: appRouter,
  prefix: "/api",
  createContext: (headers, resHeaders) => createTRPCContext({ headers, resHeaders }),
  responseHeaders: (errors) => ({ "Cache-Control": "no-store", ...retryAfterHeaders(errors) }),
  onError: logUnexpected,
});

/** /api/* — the documented REST paths, served from the same procedures (a refusal of the guards as JSON text too). */
export const answerRest: PlainHandler = async (req, body) => {
  const checked = await checkApiRequest(req, { body });
  if (checked instanceof Response) return { status: checked.status, headers: checked.headers, body: await checked.text() };
  // The signal passed on unread (direct.ts makes it only when read).
  const call = {
    method: req.method,
    url: new URL(req.url),
    headers: req.headers,
    get signal() {
      return req.signal;
    },
  };
  return rest.handle(call, checked.body);
};

/** The methods the documented REST paths answer at a pathname (the route table's 405s and OPTIONS). */
export const documentedMethods = rest.methodsFor;

/** answerRest as a fetch Response. */
export const handleRest: ApiHandler = async (req, body) => asResponse(await answerRest(req, body));

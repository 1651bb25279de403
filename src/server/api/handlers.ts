import { fetchRequestHandler } from "@trpc/server/adapters/fetch";

import { logger } from "~/server/logger";

import { checkApiRequest, guardApiRequest } from "./http-guards";
import { createOpenApiFetch } from "./openapi-fetch";
import type { ApiHandler } from "./route-handler";
import { appRouter } from "./root";
import { createTRPCContext, readableValidationMessage, retryAfterOf } from "./trpc";

/** A wide batch would walk around per-request rate limits. */
export const MAX_TRPC_BATCH = 10;

function logUnexpected({ error, path }: { error: { code: string; cause?: unknown; message: string }; path?: string }) {
  if (error.code === "INTERNAL_SERVER_ERROR") logger.error("request failed", { path, error: error.cause ?? error.message });
}

function retryAfterHeaders(errors: { cause?: unknown }[]): Record<string, string> {
  const retryAfter = errors.map(retryAfterOf).find((value) => value !== undefined);
  return retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) };
}

// /api/trpc/* — the typed API the React pages use.
export const handleTrpc: ApiHandler = async (raw, body) => {
  const req = await guardApiRequest(raw, { body });
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

const openApi = createOpenApiFetch({
  router: appRouter,
  endpoint: "/api",
  createContext: (req, resHeaders) => createTRPCContext({ headers: req.headers, resHeaders }),
  responseMeta: ({ errors }) => ({ headers: { "Cache-Control": "no-store", ...retryAfterHeaders(errors) } }),
  onError: logUnexpected,
});

// /api/* — the documented REST paths, served from the same procedures.
export const handleRest: ApiHandler = async (req, body) => {
  const checked = await checkApiRequest(req, { body });
  if (checked instanceof Response) return checked;
  const response = await openApi(req, checked.body);
  return response.status === 400 ? withReadableValidationMessage(response) : response;
};

/**
 * trpc-to-openapi answers every validation failure with "Input validation failed"; clients of
 * the documented paths show `message` to the person, so it carries the first issue instead
 * ("Passwords do not match"). The issues stay in the body.
 */
async function withReadableValidationMessage(response: Response): Promise<Response> {
  const body = (await response.json()) as { message?: string; issues?: Parameters<typeof readableValidationMessage>[0] };
  if (body.message === "Input validation failed" && body.issues?.length) body.message = readableValidationMessage(body.issues);
  return Response.json(body, { status: response.status, headers: response.headers });
}

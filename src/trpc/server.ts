import "server-only";

import { headers } from "next/headers";
import { cache } from "react";

import { createCaller } from "~/server/api/root";
import { createTRPCContext } from "~/server/api/trpc";

// One context per request, however many server components call the API.
const createContext = cache(async () => createTRPCContext({ headers: new Headers(await headers()) }));

/**
 * The API for server components: the same procedures, middlewares and session check as
 * /api/trpc, called in-process. Errors arrive as TRPCErrors (NOT_FOUND → `notFound()`).
 */
export const api = createCaller(createContext);

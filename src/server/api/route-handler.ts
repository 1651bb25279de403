import { type AnyTRPCProcedure, TRPCError } from "@trpc/server";
import { type z, ZodError } from "zod";

import type { PublicUser } from "~/lib/schemas/auth";
import { AppError, isAppError, isAppErrorCode, toAppError } from "~/server/errors";
import { logger } from "~/server/logger";

import type { ApiRequest, PlainAnswer } from "./api-request";
import { callProcedure } from "./call-procedure";
import { checkApiRequest, jsonError, parseJsonBody } from "./http-guards";
import { type Context, createTRPCContext, readableValidationMessage } from "./trpc";

/**
 * An API entry point. `body`: the request's bytes when the caller has read them already (the
 * production fast path reads them as Node buffers); otherwise they are read from the request.
 */
export type ApiHandler = (req: ApiRequest, body?: Uint8Array<ArrayBuffer>) => Promise<Response>;

/**
 * What a client receives for anything thrown outside a procedure: an AppError (or a known
 * database failure) as its status, code and message, with Retry-After in the header and in the
 * body (useChat hands the page the body, not the headers); anything else a logged, generic 500.
 */
export function errorResponse(error: unknown, what = "request failed"): Response {
  const known = toAppError(error);
  if (!known) {
    logger.error(what, { error });
    return jsonError(500, "INTERNAL_SERVER_ERROR", "Internal server error");
  }
  if (known.retryAfterSeconds === undefined) return jsonError(known.status, known.code, known.message);
  const headers = { "Retry-After": String(known.retryAfterSeconds) };
  return Response.json({ message: known.message, code: known.code, retryAfter: known.retryAfterSeconds }, { status: known.status, headers });
}

/** An entry point that answers with a PlainAnswer. */
export type PlainHandler = (req: ApiRequest, body?: Uint8Array<ArrayBuffer>) => Promise<PlainAnswer>;

type Call = { ctx: Context; body: Uint8Array<ArrayBuffer> | null };

/**
 * For the few routes that cannot be procedures (a streamed reply, a webhook verified on its raw
 * bytes): the same HTTP guards and context as the procedures, and one way from a thrown error to
 * a response.
 */
export function routeHandler(handle: (req: ApiRequest, call: Call) => Promise<Response>, what?: string): ApiHandler {
  return async (req, preread) => {
    const checked = await checkApiRequest(req, { body: preread });
    if (checked instanceof Response) return checked;
    try {
      return await handle(req, { ctx: createTRPCContext({ headers: req.headers }), body: checked.body });
    } catch (error) {
      return errorResponse(error, what);
    }
  };
}

/** routeHandler for signed-in learners: anyone else gets the 401 a protected procedure gives. */
export function withUser(handle: (req: ApiRequest, call: Call & { user: PublicUser }) => Promise<Response>, what?: string): ApiHandler {
  return routeHandler(async (req, call) => {
    const user = await call.ctx.getUser();
    if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
    return handle(req, { ...call, user });
  }, what);
}

/**
 * Runs `procedure` as tRPC would (its middlewares, input parser and resolver) for a route that
 * cannot be a procedure itself, so that the route's checks (sign-in, input, ownership) are the
 * procedures' own. A refusal is thrown as the AppError it stands for.
 */
export async function runProcedure(procedure: AnyTRPCProcedure, call: { ctx: Context; input: unknown; signal: AbortSignal }): Promise<unknown> {
  try {
    return await callProcedure(procedure, {
      path: "",
      type: procedure._def.type,
      ctx: call.ctx,
      getRawInput: () => Promise.resolve(call.input),
      signal: call.signal,
      batchIndex: 0,
    });
  } catch (error) {
    throw error instanceof TRPCError ? appErrorOf(error) : error;
  }
}

function appErrorOf(error: TRPCError): unknown {
  if (isAppError(error.cause)) return error.cause;
  if (error.cause instanceof ZodError) return new AppError("BAD_REQUEST", readableValidationMessage(error.cause.issues));
  if (isAppErrorCode(error.code)) return new AppError(error.code, error.message);
  return error.cause ?? error;
}

/** A JSON object body with `extra` (e.g. path parameters) on top; a 400 when the body is not a JSON object. */
export function jsonObjectInput(body: Uint8Array | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const value = parseJsonObject(body);
  if (!value) throw new AppError("BAD_REQUEST", "The request body must be a JSON object");
  return { ...value, ...extra };
}

/** The query string's declared keys checked by `schema` (others are ignored, as on every documented path); 400 otherwise. */
export function parseQueryInput<Schema extends z.ZodType>(
  schema: Schema,
  url: URL,
  keys: readonly string[],
  extra: Record<string, unknown> = {},
): z.output<Schema> {
  const query = Object.fromEntries(keys.flatMap((key) => (url.searchParams.has(key) ? [[key, url.searchParams.get(key)]] : [])));
  const input = schema.safeParse({ ...query, ...extra });
  if (!input.success) throw new AppError("BAD_REQUEST", readableValidationMessage(input.error.issues));
  return input.data;
}

function parseJsonObject(bytes: Uint8Array | null): Record<string, unknown> | null {
  const parsed = parseJsonBody(bytes ?? new Uint8Array());
  const value = parsed.ok ? parsed.data : null;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

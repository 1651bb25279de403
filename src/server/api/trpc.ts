import { randomUUID } from "node:crypto";

import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import type { OpenApiMeta } from "trpc-to-openapi";
import { z, ZodError } from "zod";

import { env } from "~/env";
import type { PublicUser } from "~/lib/schemas/auth";
import { bearerTokenOf } from "~/server/auth/api-token";
import { readSessionClaims } from "~/server/auth/session";
import { db as defaultDb, type Db } from "~/server/db";
import { AppError, toAppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { authenticateApiToken } from "~/server/services/auth/api-tokens";
import { findSessionUser } from "~/server/services/auth/users";

import { clientIpFrom } from "./forwarded";
import { API_TOKEN_MESSAGES } from "~/lib/rules/api-tokens";

/**
 * The context of every call, whether it came through tRPC, the REST adapter or a test caller.
 * `resHeaders` collects headers for the response (the session cookie); the user is read on
 * first use and checked against the database, so revoked sessions and tokens fail at once.
 *
 * Two ways to authenticate (`authMethod`):
 * - "token": the request carries `Authorization: Bearer …` (a personal API token). The cookie is
 *   then ignored altogether. A malformed, unknown, revoked or expired token makes every call that
 *   reads the caller a 401 (it never falls back to anonymous); procedures that never read the
 *   caller (login, register, a shared achievements card) ignore it.
 * - "cookie": anything else; the session cookie, if any.
 */
type AuthMethod = "cookie" | "token";
export type CreateContextOptions = { headers: Headers; resHeaders?: Headers; db?: Db };

export function createTRPCContext(opts: CreateContextOptions) {
  const database = opts.db ?? defaultDb;
  const credentials = bearerTokenOf(opts.headers.get("authorization"));
  const clientIp = clientIpFrom(opts.headers);
  const authMethod: AuthMethod = credentials ? "token" : "cookie";
  let user: Promise<PublicUser | null> | undefined;
  const readUser = async (): Promise<PublicUser | null> => {
    if (credentials) return authenticateApiToken(database, credentials.bearer, clientIp);
    const claims = await readSessionClaims(opts.headers);
    return claims ? findSessionUser(database, claims) : null;
  };
  return {
    db: database,
    headers: opts.headers,
    resHeaders: opts.resHeaders ?? new Headers(),
    clientIp,
    authMethod,
    requestId: opts.headers.get("x-request-id")?.slice(0, 64) ?? randomUUID(),
    /** The browser's IANA time zone (the pages send it on every call); checked where it is used. */
    timeZone: opts.headers.get("x-time-zone")?.slice(0, 64) ?? null,
    getUser(): Promise<PublicUser | null> {
      user ??= readUser();
      return user;
    },
  };
}

export type Context = ReturnType<typeof createTRPCContext>;

export function appErrorToTRPC(error: AppError): TRPCError {
  return new TRPCError({ code: error.trpcCode, message: error.message, cause: error });
}

/** The first validation message, phrased for a person ("Passwords do not match"). */
export function readableValidationMessage(issues: ZodError["issues"]): string {
  const issue = issues[0];
  if (!issue) return "Invalid input";
  if (issue.code === "unrecognized_keys") return `Unknown field: ${issue.keys.join(", ")}`;
  // A message that names its field already ("timeSeconds must be a number of seconds") is not prefixed with it again.
  if (issue.code === "invalid_type" && issue.path.length && !issue.message.startsWith(`${String(issue.path.at(-1))} `)) {
    return `${issue.path.join(".")}: ${issue.message}`;
  }
  return issue.message;
}

function currentVersionOf(error: { cause?: unknown }): number | undefined {
  return error.cause instanceof AppError ? error.cause.currentVersion : undefined;
}

export function retryAfterOf(error: { cause?: unknown }): number | undefined {
  return error.cause instanceof AppError ? error.cause.retryAfterSeconds : undefined;
}

/** `successStatus`: the REST status of a success when it is not 200 (202 for work accepted, such as a mail to send). */
type AppMeta = OpenApiMeta & { successStatus?: 200 | 202 };

const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      return {
        ...shape,
        message: internal ? "Internal server error" : zodError ? readableValidationMessage(zodError.issues) : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues: zodError ? z.treeifyError(zodError) : undefined,
          retryAfter: retryAfterOf(error),
          currentVersion: currentVersionOf(error),
        },
      };
    },
  });

/** Turns AppErrors (and known database errors) into tRPC errors with the right status. */
const errorMapping = t.middleware(async ({ next, ctx, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    const appError = toAppError(cause);
    if (appError && appError !== cause && appError.code === "SERVICE_UNAVAILABLE") {
      // A database connection lost under the request: the client is told to retry; operators should know.
      logger.warn("database connection lost during a request", { path, requestId: ctx.requestId, error: cause });
    }
    if (appError) throw appErrorToTRPC(appError);
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      logger.error("unhandled error", { path, requestId: ctx.requestId, error: cause ?? result.error });
    }
  }
  return result;
});

export const createCallerFactory = t.createCallerFactory;
export const createTRPCRouter = t.router;

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(errorMapping);

/** Signed-in users only; `ctx.user` is the caller, read from the session (never from input). */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await ctx.getUser();
  if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue" });
  return next({ ctx: { ...ctx, user } });
});

/** Refuses a caller authenticated by an API token: for what only the learner in a browser may do. */
export function assertSession(ctx: Pick<Context, "authMethod">): void {
  if (ctx.authMethod === "token") throw new AppError("FORBIDDEN", API_TOKEN_MESSAGES.sessionOnly);
}

/**
 * Signed-in users in a browser session only: a personal API token gets 403. For creating and
 * revoking tokens, the password, signing out and billing (checkout, the portal, coupons).
 */
export const sessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  assertSession(ctx);
  return next();
});

/**
 * The one ownership check, for every path whose input documents a `userId` (the documented REST
 * paths carry one): after the input is parsed, a `userId` that is not the caller's is a 403. Put
 * it right after `.input()`: `protectedProcedure.input(schema).use(ownUserIdOnly)`. The router
 * test (ownership.test.ts) fails for any procedure whose input has a `userId` and not this.
 */
export const ownUserIdOnly = t.middleware(async ({ ctx, input, next }) => {
  const userId = (input as { userId?: unknown } | undefined)?.userId;
  if (userId !== undefined) {
    const user = await ctx.getUser();
    if (userId !== user?.id) throw new AppError("FORBIDDEN", "You can only access your own data");
  }
  return next();
});

export const isDevelopment = env.NODE_ENV === "development";

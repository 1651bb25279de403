import { TRPCClientError } from "@trpc/client";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";

import type { AppRouter } from "../server/api/root";
import type { APP_ERRORS, AppErrorCode } from "../server/errors";

/**
 * What a failed call of the typed client tells you. `code` is the server's AppError code (the
 * table in src/server/errors.ts), or INTERNAL_SERVER_ERROR for a 5xx that is not one, or
 * NETWORK_ERROR when no answer came back (nothing listening, a dropped connection).
 */
export type CourseCraftErrorCode = AppErrorCode | "INTERNAL_SERVER_ERROR" | "NETWORK_ERROR";

type AppErrors = typeof APP_ERRORS;

/**
 * The server's tRPC code of each AppError code, read back. Only types come from the server, so
 * the table is written out here; `satisfies` fails the typecheck when APP_ERRORS changes and
 * this table does not (a unit test also compares it with the server's table at run time).
 */
export const APP_ERROR_CODE_BY_TRPC_CODE = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  UNPROCESSABLE_CONTENT: "UNPROCESSABLE",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
} as const satisfies { [K in AppErrorCode as AppErrors[K]["trpc"]]: K };

/** HTTP status of each AppError code (the same table's other column). */
export const HTTP_STATUS_BY_APP_ERROR_CODE = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies { [K in AppErrorCode]: AppErrors[K]["status"] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const isAppErrorCode = (value: unknown): value is AppErrorCode => typeof value === "string" && Object.hasOwn(HTTP_STATUS_BY_APP_ERROR_CODE, value);

function appErrorCodeOfTrpcCode(code: string): AppErrorCode | null {
  return Object.hasOwn(APP_ERROR_CODE_BY_TRPC_CODE, code) ? APP_ERROR_CODE_BY_TRPC_CODE[code as keyof typeof APP_ERROR_CODE_BY_TRPC_CODE] : null;
}

function codeOfStatus(status: number): CourseCraftErrorCode {
  const known = (Object.keys(HTTP_STATUS_BY_APP_ERROR_CODE) as AppErrorCode[]).find((code) => HTTP_STATUS_BY_APP_ERROR_CODE[code] === status);
  if (known) return known;
  return status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
}

/** The parts of an error that were read from the server's answer (the tRPC envelope or a plain JSON refusal). */
type Parsed = { code: CourseCraftErrorCode; trpcCode: TRPC_ERROR_CODE_KEY | null; httpStatus: number | null; message: string; retryAfter?: number };

function parse(error: TRPCClientError<AppRouter>): Parsed {
  const data: unknown = error.data;
  if (isRecord(data) && typeof data.code === "string") {
    // The server's errorFormatter (src/server/api/trpc.ts): data.code, data.httpStatus, data.retryAfter.
    const trpcCode = data.code as TRPC_ERROR_CODE_KEY;
    const httpStatus = typeof data.httpStatus === "number" ? data.httpStatus : null;
    const code = appErrorCodeOfTrpcCode(trpcCode) ?? (httpStatus !== null ? codeOfStatus(httpStatus) : "INTERNAL_SERVER_ERROR");
    const retryAfter = typeof data.retryAfter === "number" ? data.retryAfter : undefined;
    return { code, trpcCode, httpStatus, message: error.message, retryAfter };
  }
  // An answer that is not a tRPC envelope: the HTTP guards' JSON refusals ({ message, code }), or a proxy's page.
  const response: unknown = error.meta?.response;
  const status = isRecord(response) && typeof response.status === "number" ? response.status : null;
  if (status !== null && status >= 400) {
    const json: unknown = error.meta?.responseJSON;
    const body = isRecord(json) ? json : {};
    const code = isAppErrorCode(body.code) ? body.code : codeOfStatus(status);
    const message = typeof body.message === "string" ? body.message : `HTTP ${status}`;
    const retryAfterHeader = isRecord(response) && response.headers instanceof Headers ? response.headers.get("retry-after") : null;
    const retryAfter = retryAfterHeader && /^\d+$/.test(retryAfterHeader.trim()) ? Number(retryAfterHeader) : undefined;
    return { code, trpcCode: null, httpStatus: status, message, retryAfter };
  }
  // No answer at all: fetch failed.
  const cause = error.cause instanceof Error ? (error.cause.cause instanceof Error ? error.cause.cause : error.cause) : null;
  const detail = cause && cause.message !== error.message ? ` (${cause.message})` : "";
  return { code: "NETWORK_ERROR", trpcCode: null, httpStatus: null, message: `${error.message}${detail}` };
}

/**
 * Every call of the typed client fails with this error. It is a TRPCClientError (so `shape`,
 * `data` and `meta` are there as usual) with the server's answer read out:
 * - `code`: the AppError code ("NOT_FOUND", "TOO_MANY_REQUESTS", …), "INTERNAL_SERVER_ERROR" or "NETWORK_ERROR";
 * - `httpStatus`: the HTTP status (null when no answer came);
 * - `message`: the server's message, written for a person;
 * - `retryAfter`: for TOO_MANY_REQUESTS, seconds until a retry can succeed;
 * - `trpcCode`: tRPC's own code, when the answer was a tRPC error.
 */
export class CourseCraftError extends TRPCClientError<AppRouter> {
  readonly code: CourseCraftErrorCode;
  readonly trpcCode: TRPC_ERROR_CODE_KEY | null;
  readonly httpStatus: number | null;
  readonly retryAfter: number | undefined;

  constructor(error: TRPCClientError<AppRouter>) {
    const parsed = parse(error);
    super(parsed.message, {
      cause: error.cause instanceof Error ? error.cause : error,
      meta: error.meta,
      result: error.shape ? { error: error.shape } : undefined,
    });
    // TRPCClientError's constructor sets its own prototype; put ours back.
    Object.setPrototypeOf(this, CourseCraftError.prototype);
    this.name = "CourseCraftError";
    this.code = parsed.code;
    this.trpcCode = parsed.trpcCode;
    this.httpStatus = parsed.httpStatus;
    this.retryAfter = parsed.retryAfter;
  }
}

/** Whatever a call threw (a TRPCClientError, a failed fetch, anything), as a CourseCraftError. */
export function toCourseCraftError(cause: unknown): CourseCraftError {
  if (cause instanceof CourseCraftError) return cause;
  return new CourseCraftError(TRPCClientError.from<AppRouter>(cause instanceof Error ? cause : new Error(String(cause))));
}

/** Narrows what a `catch` caught: `if (isCourseCraftError(error) && error.code === "NOT_FOUND") …`. */
export function isCourseCraftError(error: unknown): error is CourseCraftError {
  return error instanceof CourseCraftError;
}

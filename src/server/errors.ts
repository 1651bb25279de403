import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";

/**
 * The one error type of the domain. Services throw `AppError(code, message)`; the API layer
 * answers with the code's HTTP status and tRPC code, both read from this one table.
 * Messages are written for the person using the app: they reach the browser as is.
 */
export const APP_ERRORS = {
  BAD_REQUEST: { status: 400, trpc: "BAD_REQUEST" },
  UNAUTHORIZED: { status: 401, trpc: "UNAUTHORIZED" },
  FORBIDDEN: { status: 403, trpc: "FORBIDDEN" },
  NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  CONFLICT: { status: 409, trpc: "CONFLICT" },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  UNPROCESSABLE: { status: 422, trpc: "UNPROCESSABLE_CONTENT" },
  TOO_MANY_REQUESTS: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  SERVICE_UNAVAILABLE: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type AppErrorCode = keyof typeof APP_ERRORS;

export const isAppErrorCode = (value: unknown): value is AppErrorCode => typeof value === "string" && Object.hasOwn(APP_ERRORS, value);

export type AppErrorDetails = {
  /** For TOO_MANY_REQUESTS: seconds until a retry can succeed (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** For a CONFLICT on an edit made on an old version: the course's version now (sent as `data.currentVersion`). */
  currentVersion?: number;
};

export class AppError extends Error {
  override readonly name = "AppError";
  readonly retryAfterSeconds?: number;
  readonly currentVersion?: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    details: AppErrorDetails = {},
  ) {
    super(message);
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.currentVersion = details.currentVersion;
  }

  get status(): number {
    return APP_ERRORS[this.code].status;
  }

  get trpcCode(): TRPC_ERROR_CODE_KEY {
    return APP_ERRORS[this.code].trpc;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

type PrismaLikeError = { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; meta?: unknown };

export const CONNECTION_LOST_MESSAGE = "The connection to the database was interrupted. Please try again.";
export const DATABASE_BUSY_MESSAGE = "The database is busy right now. Please try again in a moment.";

/** SQLSTATEs of a backend that went away (terminated, crash, shutting down), and adapter kinds of a dropped socket. */
const CONNECTION_LOST_CODES = new Set(["57P01", "57P02", "57P03", "ECONNRESET", "EPIPE"]);
const CONNECTION_LOST_KINDS = new Set(["ConnectionClosed", "SocketTimeout"]);
const CONNECTION_LOST_MESSAGES = /^(Connection terminated|Client has encountered a connection error|terminating connection)/;

/**
 * Whether the database connection was lost under the request (the backend was terminated, the
 * socket dropped): as `pg` reports it, or as Prisma wraps it (meta.driverAdapterError.cause).
 * A retry runs on a fresh connection, so this is a 503, not a bug of ours.
 */
function isConnectionLost(error: PrismaLikeError, depth = 0): boolean {
  if (depth > 4) return false;
  const { code, message } = error;
  const kind = (error as { kind?: unknown }).kind;
  const originalCode = (error as { originalCode?: unknown }).originalCode;
  if (typeof code === "string" && (CONNECTION_LOST_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof originalCode === "string" && CONNECTION_LOST_CODES.has(originalCode)) return true;
  if (typeof kind === "string" && CONNECTION_LOST_KINDS.has(kind)) return true;
  if (typeof message === "string" && CONNECTION_LOST_MESSAGES.test(message)) return true;
  const nested = [error.cause, (error.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError];
  return nested.some((inner) => inner !== null && typeof inner === "object" && isConnectionLost(inner, depth + 1));
}

/**
 * Database failures that are the caller's fault or a known race become AppErrors, and a lost
 * connection or a busy pool a 503 to retry; anything else stays unknown and is answered with a generic 500
 * (and logged).
 */
export function toAppError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  const candidate = error as PrismaLikeError | null;
  if (!candidate || typeof candidate !== "object") return null;
  if (isConnectionLost(candidate)) return new AppError("SERVICE_UNAVAILABLE", CONNECTION_LOST_MESSAGE);
  switch (candidate.code) {
    case "P2002":
      return new AppError("CONFLICT", "That already exists.");
    case "P2025":
      return new AppError("NOT_FOUND", "Not found.");
    case "P2000":
      return new AppError("BAD_REQUEST", "A value is too long.");
    // No pooled connection, or no transaction started, within the wait allowed: the server is
    // overloaded for a moment, and a retry has every chance.
    case "P2024":
    case "P2028":
      return new AppError("SERVICE_UNAVAILABLE", DATABASE_BUSY_MESSAGE);
    case "22021": // invalid byte sequence (NUL in text)
    case "22P05":
      return new AppError("BAD_REQUEST", "Text contains characters that cannot be stored.");
    default:
      return null;
  }
}

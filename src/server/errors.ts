/**
 * The one error type of the domain. Services throw `AppError(code, message)`; the API layer
 * maps the code to a tRPC code (and so to an HTTP status) in one place: `appErrorToTRPC`.
 * Messages are written for the person using the app: they reach the browser as is.
 */
export const APP_ERROR_STATUS = {
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
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  override readonly name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** For TOO_MANY_REQUESTS: seconds until a retry can succeed (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

type PrismaLikeError = { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; meta?: unknown };

export const CONNECTION_LOST_MESSAGE = "The connection to the database was interrupted. Please try again.";

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
  return nested.some((inner) => inner !== null && typeof inner === "object" && isConnectionLost(inner as PrismaLikeError, depth + 1));
}

/**
 * Database failures that are the caller's fault or a known race become AppErrors, and a lost
 * connection a 503 to retry; anything else stays unknown and is answered with a generic 500
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
    case "22021": // invalid byte sequence (NUL in text)
    case "22P05":
      return new AppError("BAD_REQUEST", "Text contains characters that cannot be stored.");
    default:
      return null;
  }
}

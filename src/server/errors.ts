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

type PrismaLikeError = { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };

/**
 * Database failures that are the caller's fault or a known race become AppErrors; anything
 * else stays unknown and is answered with a generic 500 (and logged).
 */
export function toAppError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  const candidate = error as PrismaLikeError | null;
  if (!candidate || typeof candidate !== "object") return null;
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

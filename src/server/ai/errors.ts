import { KnownFailure } from "~/lib/failure";

/**
 * Why a model call failed, in terms the generation job can report to a learner. Adapters turn
 * SDK and HTTP errors into these; nothing above `ai/` sees a provider's raw error.
 */
export type AiFailure = "timeout" | "rate-limited" | "malformed" | "unavailable";

export class AiError extends KnownFailure<AiFailure> {
  override readonly name = "AiError";
}

export const isAiError = (error: unknown): error is AiError => error instanceof AiError;

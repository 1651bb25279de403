/** The create-course form's own checks, with the limits and words the server enforces (lib/rules/generation.ts). */
import { TOPIC_MAX_LENGTH, TOPIC_MIN_LENGTH, TOPIC_TOO_SHORT_MESSAGE } from "~/lib/rules/generation";

export const COMPLEXITIES = ["beginner", "intermediate", "advanced"] as const;
export type Complexity = (typeof COMPLEXITIES)[number];
export const DEFAULT_COMPLEXITY: Complexity = "beginner";

/** The message to show at the topic field, or null when the topic is acceptable. */
export function validateTopic(topic: string): string | null {
  return topic.trim().length < TOPIC_MIN_LENGTH ? TOPIC_TOO_SHORT_MESSAGE : null;
}

export function isComplexity(value: unknown): value is Complexity {
  return typeof value === "string" && (COMPLEXITIES as readonly string[]).includes(value);
}

/** A ?topic= from the header search, trimmed and cut to what the field accepts. */
export function requestedTopic(param: string | null | undefined): string {
  return (param ?? "").trim().slice(0, TOPIC_MAX_LENGTH);
}

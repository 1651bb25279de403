import { describe, expect, it } from "vitest";

import { complexitySchema } from "~/lib/schemas/course";
import { startGenerationInput } from "~/lib/schemas/generation";

import { COMPLEXITIES, DEFAULT_COMPLEXITY, isComplexity, requestedTopic, validateTopic } from "./topic";
import {
  INSTRUCTIONS_MAX_LENGTH,
  INSTRUCTIONS_MAX_LENGTH as API_INSTRUCTIONS_MAX,
  TOPIC_MAX_LENGTH,
  TOPIC_MAX_LENGTH as API_TOPIC_MAX,
  TOPIC_MIN_LENGTH,
  TOPIC_MIN_LENGTH as API_TOPIC_MIN,
  TOPIC_TOO_SHORT_MESSAGE,
  TOPIC_TOO_SHORT_MESSAGE as API_TOO_SHORT,
} from "~/lib/rules/generation";

describe("validateTopic", () => {
  it("asks for at least 3 characters after trimming", () => {
    expect(validateTopic("")).toBe("Please enter at least 3 characters for your topic");
    expect(validateTopic("ab")).toBe(TOPIC_TOO_SHORT_MESSAGE);
    expect(validateTopic("  ab   ")).toBe(TOPIC_TOO_SHORT_MESSAGE);
    expect(validateTopic("abc")).toBeNull();
    expect(validateTopic("  binary search ")).toBeNull();
  });

  it("agrees with the API contract the server enforces", () => {
    expect(TOPIC_MIN_LENGTH).toBe(API_TOPIC_MIN);
    expect(TOPIC_MAX_LENGTH).toBe(API_TOPIC_MAX);
    expect(INSTRUCTIONS_MAX_LENGTH).toBe(API_INSTRUCTIONS_MAX);
    expect(TOPIC_TOO_SHORT_MESSAGE).toBe(API_TOO_SHORT);
    expect([...COMPLEXITIES]).toEqual(complexitySchema.options);
    expect(startGenerationInput.parse({ topic: "abc" }).complexity).toBe(DEFAULT_COMPLEXITY);
    for (const topic of ["", "ab", "  ab  ", "abc", " a b "]) {
      expect(validateTopic(topic) === null, topic).toBe(startGenerationInput.safeParse({ topic }).success);
    }
  });
});

describe("isComplexity", () => {
  it("accepts only the three levels", () => {
    expect(isComplexity("beginner")).toBe(true);
    expect(isComplexity("advanced")).toBe(true);
    expect(isComplexity("expert")).toBe(false);
    expect(isComplexity(null)).toBe(false);
  });
});

describe("requestedTopic", () => {
  it("trims the header search's topic and cuts it to the field's length", () => {
    expect(requestedTopic(null)).toBe("");
    expect(requestedTopic("  react hooks ")).toBe("react hooks");
    expect(requestedTopic("x".repeat(500))).toHaveLength(TOPIC_MAX_LENGTH);
  });
});

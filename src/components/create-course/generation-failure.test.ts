import { describe, expect, it } from "vitest";

import { GENERATION_FAILED_FALLBACK, generationFailureMessage, isMonthlyLimitError, isTopicError } from "./generation-failure";
import { MONTHLY_LIMIT_MESSAGE } from "~/lib/rules/subscription";

const NOTE = ". Please contact support to ensure the YouTube API is properly configured.";

describe("generationFailureMessage", () => {
  it("passes the server's message through", () => {
    expect(generationFailureMessage("No video with a transcript was found for this topic.")).toBe("No video with a transcript was found for this topic.");
  });

  it("falls back when there is no message", () => {
    expect(generationFailureMessage(undefined)).toBe(GENERATION_FAILED_FALLBACK);
    expect(generationFailureMessage(null)).toBe("Failed to create course");
    expect(generationFailureMessage("   ")).toBe("Failed to create course");
  });

  it("appends the support note to API-key and video-service problems, whatever the case", () => {
    expect(generationFailureMessage("Invalid API key")).toBe(`Invalid API key${NOTE}`);
    expect(generationFailureMessage("The YouTube API refused the request.")).toBe(`The YouTube API refused the request${NOTE}`);
    expect(generationFailureMessage("the VIDEO SERVICE is unavailable")).toBe(`the VIDEO SERVICE is unavailable${NOTE}`);
  });

  it("leaves alone what a learner can act on when YouTube is unreachable: the note is for API and service problems", () => {
    const unreachable = "YouTube could not be reached to search for this topic. Paste a link to a YouTube video, or try again in a few minutes.";
    expect(generationFailureMessage(unreachable)).toBe(unreachable);
  });

  it("does not append the note to other messages", () => {
    expect(generationFailureMessage("The AI service returned an unusable answer. Please try again.")).toBe(
      "The AI service returned an unusable answer. Please try again.",
    );
  });
});

describe("isMonthlyLimitError", () => {
  it("recognises the 403 with the spec's limit message", () => {
    expect(isMonthlyLimitError({ message: MONTHLY_LIMIT_MESSAGE, data: { code: "FORBIDDEN" } })).toBe(true);
  });

  it("ignores other refusals and other codes", () => {
    expect(isMonthlyLimitError({ message: "You can only act as yourself.", data: { code: "FORBIDDEN" } })).toBe(false);
    expect(isMonthlyLimitError({ message: MONTHLY_LIMIT_MESSAGE, data: { code: "BAD_REQUEST" } })).toBe(false);
    expect(isMonthlyLimitError({ message: MONTHLY_LIMIT_MESSAGE })).toBe(false);
  });
});

describe("isTopicError", () => {
  it("is true for a 400", () => {
    expect(isTopicError({ message: "That does not look like a YouTube link.", data: { code: "BAD_REQUEST" } })).toBe(true);
    expect(isTopicError({ message: "Nope", data: { code: "SERVICE_UNAVAILABLE" } })).toBe(false);
    expect(isTopicError({ message: "Nope", data: null })).toBe(false);
  });
});

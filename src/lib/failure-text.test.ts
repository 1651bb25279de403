import { describe, expect, it } from "vitest";

import { CONNECTION_FAILURE_TEXT, failureText, isConnectionFailure, isRateLimited, waitText } from "./failure-text";

/** The shape of a TRPCClientError as a component receives it. */
const trpcError = (message: string, data: { httpStatus?: number; retryAfter?: number; code?: string } | null = null) =>
  Object.assign(new Error(message), { data });

describe("failureText", () => {
  it("gives the server's message of a tRPC error", () => {
    expect(failureText(trpcError("Course not found", { httpStatus: 404, code: "NOT_FOUND" }), "Please try again.")).toBe("Course not found");
  });

  it("trims the message and falls back when it is empty", () => {
    expect(failureText(trpcError("  The class is full.  "))).toBe("The class is full.");
    expect(failureText(trpcError("   "), "Could not join the class. Please try again.")).toBe("Could not join the class. Please try again.");
  });

  it("adds how long to wait after a rate limit, in seconds or minutes", () => {
    const limited = (retryAfter: number) => trpcError("Too many attempts.", { httpStatus: 429, retryAfter });
    expect(failureText(limited(45))).toBe("Too many attempts. You can try again in 45 s.");
    expect(failureText(limited(61))).toBe("Too many attempts. You can try again in 2 min.");
    expect(failureText(limited(0))).toBe("Too many attempts.");
    expect(failureText(trpcError("Too many attempts.", { httpStatus: 429 }))).toBe("Too many attempts.");
  });

  it("says nothing of waiting when the failure is not a rate limit", () => {
    expect(failureText(trpcError("Refused.", { httpStatus: 403, retryAfter: 30 }))).toBe("Refused.");
  });

  it("speaks of the connection when a fetch got no answer, whatever the browser", () => {
    for (const message of ["Failed to fetch", "fetch failed", "Load failed", "NetworkError when attempting to fetch resource.", "Network error"]) {
      expect(failureText(new TypeError(message), "Please try again.")).toBe(CONNECTION_FAILURE_TEXT);
    }
  });

  it("keeps a server message that only mentions the network", () => {
    expect(failureText(trpcError("The network of this class is private."))).toBe("The network of this class is private.");
  });

  it("falls back for values that are not errors", () => {
    expect(failureText(undefined, "Please try again.")).toBe("Please try again.");
    expect(failureText(null)).toBe("Something went wrong. Please try again.");
    expect(failureText(42)).toBe("Something went wrong. Please try again.");
    expect(failureText({ message: 7 }, "Fallback")).toBe("Fallback");
  });

  it("takes a thrown string as the message", () => {
    expect(failureText("Session expired")).toBe("Session expired");
  });
});

describe("isRateLimited and isConnectionFailure", () => {
  it("tell a 429 and a failed fetch apart from other failures", () => {
    expect(isRateLimited(trpcError("Slow down", { httpStatus: 429 }))).toBe(true);
    expect(isRateLimited(trpcError("Nope", { httpStatus: 400 }))).toBe(false);
    expect(isRateLimited(new Error("plain"))).toBe(false);
    expect(isConnectionFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isConnectionFailure(trpcError("Bad input", { httpStatus: 400 }))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});

describe("waitText", () => {
  it("counts seconds under a minute and rounds minutes up", () => {
    expect(waitText(1)).toBe("1 s");
    expect(waitText(59)).toBe("59 s");
    expect(waitText(60)).toBe("1 min");
    expect(waitText(125)).toBe("3 min");
  });
});

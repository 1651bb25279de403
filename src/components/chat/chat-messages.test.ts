import { describe, expect, test } from "vitest";

import { formatMessageTime, isSendKey, messageText, sendFailureMessage, toUIMessage } from "./chat-messages";

describe("chat messages in the page", () => {
  test("a stored message becomes a UI message with its id and time, and reads back as its text", () => {
    const ui = toUIMessage({ id: 7, userId: 1, courseId: 2, role: "assistant", content: "Hello [1:05]", timestamp: "2026-11-22T10:00:00.000Z" });
    expect(ui).toMatchObject({ id: "m7", role: "assistant", metadata: { id: 7, timestamp: "2026-11-22T10:00:00.000Z" } });
    expect(messageText(ui)).toBe("Hello [1:05]");
  });

  test("Enter sends; Shift+Enter and composing Enter do not", () => {
    expect(isSendKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: "a", shiftKey: false })).toBe(false);
  });

  test("a refused send shows the server's message and the wait; other failures a plain sentence", () => {
    const limited = new Error(JSON.stringify({ message: "You are sending messages too quickly. Please wait a moment and try again.", retryAfter: 42 }));
    expect(sendFailureMessage(limited)).toBe("You are sending messages too quickly. Please wait a moment and try again. You can send again in 42 s.");
    expect(sendFailureMessage(new Error(JSON.stringify({ message: "Course Not Found" })))).toBe("Course Not Found");
    expect(sendFailureMessage(new Error("The AI service could not be reached. Please try again later."))).toBe(
      "The AI service could not be reached. Please try again later.",
    );
    expect(sendFailureMessage(new TypeError("Failed to fetch"))).toMatch(/Check your connection/);
  });

  test("message times: the time today, the date too otherwise, nothing when unknown", () => {
    const now = new Date("2026-11-22T15:00:00");
    expect(formatMessageTime(new Date("2026-11-22T14:05:00").toISOString(), now)).not.toMatch(/Nov/);
    expect(formatMessageTime(new Date("2026-11-20T14:05:00").toISOString(), now)).toMatch(/Nov/);
    expect(formatMessageTime(undefined, now)).toBe("");
    expect(formatMessageTime("not a date", now)).toBe("");
  });
});

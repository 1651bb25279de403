import type { MockLanguageModelV4 } from "ai/test";

/** What a mock model was called with. */
export type MockCallOptions = MockLanguageModelV4["doGenerateCalls"][number];

/** The text of every user message in a call, joined: what the model was asked. */
export const userText = (options: MockCallOptions) =>
  options.prompt
    .filter((m) => m.role === "user")
    .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
    .map((part) => ("text" in part ? part.text : ""))
    .join("\n");

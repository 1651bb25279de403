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

/** A model's whole answer, what doGenerate resolves to: text as it is, anything else as JSON. */
export const reply = (value: unknown) =>
  Promise.resolve({
    content: [{ type: "text" as const, text: typeof value === "string" ? value : JSON.stringify(value) }],
    finishReason: { unified: "stop" as const, raw: undefined },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 20, text: 20, reasoning: undefined },
    },
    warnings: [],
  });

type StreamPart = Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;

/**
 * A model stream that writes `pieces` one by one (then finishes), or, with `failAfter`, breaks
 * off with an error after that many pieces: what doStream returns.
 */
export function streamOf(pieces: string[], { failAfter }: { failAfter?: number } = {}) {
  const parts: StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
  ];
  for (const [i, delta] of pieces.entries()) {
    if (i === failAfter) {
      parts.push({ type: "error", error: new Error("connection reset") });
      return { stream: new ReadableStream<StreamPart>({ start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()) }) };
    }
    parts.push({ type: "text-delta", id: "t", delta });
  }
  parts.push(
    { type: "text-end", id: "t" },
    {
      type: "finish",
      finishReason: { unified: "stop", raw: undefined },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 20, text: 20, reasoning: undefined },
      },
    },
  );
  return { stream: new ReadableStream<StreamPart>({ start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()) }) };
}

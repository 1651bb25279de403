/**
 * The tutor's own timeout (regression: the SDK ends an aborted stream quietly, so a model that
 * never answered gave "I could not put an answer together" with a 200, and one that stalled
 * mid-reply had its partial answer stored as complete): both are a timeout AiError now, while
 * the learner stopping the reply still ends it quietly.
 */
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, test } from "vitest";

import { AI_FAILURE_MESSAGES } from "~/server/ai/call";
import { AiError } from "~/server/ai/errors";

import { createLlmTutor } from "./tutor";

type StreamResult = Awaited<ReturnType<MockLanguageModelV4["doStream"]>>;
type Part = StreamResult["stream"] extends ReadableStream<infer P> ? P : never;

/** A model stream that writes `pieces`, then goes silent until the call is aborted. */
function stallingModel(pieces: string[]) {
  return new MockLanguageModelV4({
    doStream: ({ abortSignal }) =>
      Promise.resolve({
        stream: new ReadableStream<Part>({
          start(controller) {
            controller.enqueue({ type: "stream-start", warnings: [] });
            controller.enqueue({ type: "text-start", id: "t" });
            for (const delta of pieces) controller.enqueue({ type: "text-delta", id: "t", delta });
            abortSignal?.addEventListener("abort", () => controller.error(abortSignal.reason), { once: true });
          },
        }),
      }),
  });
}

const input = { course: { title: "Merge sort", chapters: [] }, passages: [], history: [], question: "How does merging work?", mode: "explain" as const };

async function collect(pieces: AsyncIterable<string>): Promise<{ said: string; error: unknown }> {
  let said = "";
  try {
    for await (const piece of pieces) said += piece;
    return { said, error: null };
  } catch (error) {
    return { said, error };
  }
}

describe("the tutor's timeout", () => {
  test("a model that never answers: a timeout AiError, not an empty reply", async () => {
    const tutor = createLlmTutor(stallingModel([]), { timeoutMs: 100 });
    const { said, error } = await collect(tutor(input, new AbortController().signal));
    expect(said).toBe("");
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ kind: "timeout", message: AI_FAILURE_MESSAGES.timeout });
  });

  test("a model that stalls mid-reply: what was said, then a timeout AiError", async () => {
    const tutor = createLlmTutor(stallingModel(["Merging takes ", "the smaller head "]), { timeoutMs: 100 });
    const { said, error } = await collect(tutor(input, new AbortController().signal));
    expect(said).toBe("Merging takes the smaller head ");
    expect(error).toMatchObject({ kind: "timeout" });
  });

  test("the learner stopping the reply ends it quietly", async () => {
    const tutor = createLlmTutor(stallingModel(["Merging takes "]), { timeoutMs: 5_000 });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const { said, error } = await collect(tutor(input, stop.signal));
    expect(said).toBe("Merging takes ");
    expect(error).toBeNull();
  });
});

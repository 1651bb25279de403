import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";

import { env } from "~/env";

/**
 * The configured language model, or null when no LLM is configured (the offline engine serves
 * then). The only ai/ module that reads ~/env: features take the model as an argument, so tests
 * pass MockLanguageModelV4 or a model pointed at the fake server.
 */
let cached: LanguageModel | null | undefined;

export function getLanguageModel(): LanguageModel | null {
  if (cached !== undefined) return cached;
  if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) return (cached = null);
  // Local OpenAI-compatible servers (Ollama, vLLM, LM Studio) need no key, but the SDK sends one.
  // Both passed explicitly so the SDK never falls back to reading process.env itself (an empty
  // OPENAI_BASE_URL there would make it throw).
  const provider = createOpenAI({ apiKey: env.OPENAI_API_KEY ?? "not-needed", baseURL: env.OPENAI_BASE_URL ?? "https://api.openai.com/v1" });
  // Chat Completions rather than the Responses API: every OpenAI-compatible server speaks it.
  return (cached = provider.chat(env.AI_MODEL ?? "gpt-4o-mini"));
}

export function aiCallSettings(): { timeoutMs: number; concurrency: number } {
  return { timeoutMs: env.AI_TIMEOUT_MS, concurrency: env.AI_CONCURRENCY };
}

export type FakeOpenAIMode = "normal" | "rate-limit" | "timeout" | "malformed" | "server-error" | "cut";

export type FakeOpenAIModeOptions = {
  /** How many completion requests the mode applies to before the server returns to normal. */
  times?: number;
  /** Delay before every completion response from now on. */
  latencyMs?: number;
  /** Delay between a stream's chunks from now on (default 0). */
  chunkDelayMs?: number;
  /** For "malformed": content that is not JSON (default), or valid JSON with out-of-range ids. */
  variant?: "not-json" | "bad-ids";
  /** The retry-after-ms header of 429 and 500 answers (default 20), so SDK retries stay fast. */
  retryAfterMs?: number;
};

export type FakeOpenAIRequest = {
  method: string;
  path: string;
  /** The mode this request was answered in. */
  mode: FakeOpenAIMode;
  stream: boolean;
  /** The parsed JSON body as sent. */
  body: unknown;
  /** performance.now() when the request arrived, and when a stream's first text chunk was written. */
  receivedAt: number;
  firstChunkAt: number | null;
};

export type FakeOpenAI = {
  /** Base URL including /v1, for createOpenAI({ baseURL }) or OPENAI_BASE_URL. */
  url: string;
  port: number;
  /** Every completion request received, in order. */
  requests: FakeOpenAIRequest[];
  /** Streams sent to their end, and streams the client closed before their end (stopped replies). */
  streams: { completed: number; closedEarly: number };
  setMode(mode: FakeOpenAIMode, options?: FakeOpenAIModeOptions): void;
  close(): Promise<void>;
};

export function startFakeOpenAI(options?: { port?: number; latencyMs?: number; host?: string }): Promise<FakeOpenAI>;

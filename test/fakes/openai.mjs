/**
 * A local OpenAI-compatible server for tests and benchmarks (node built-ins only).
 *
 *   POST /v1/chat/completions  non-streaming, or SSE with `stream: true`
 *   GET  /v1/models            one model, "fake-model"
 *   GET  /health               { ok: true }
 *   POST /__control            { mode?, latencyMs?, chunkDelayMs?, times?, variant?, retryAfterMs? } from other processes
 *   GET  /__control            the current state, how many completions were requested, and how many
 *                              streams were sent whole or closed by the client before their end
 *
 * Answers are deterministic. A request for JSON (response_format json_schema) gets a valid
 * object for the schema it sends, built from the `[id] text` transcript lines of the last user
 * message (segment-carrying arrays group about 4 segments per leaf item, `# Chapter` lines in
 * the transcript split the outermost array), so the real engines produce a real course against
 * it. A multiple-choice object (a string list beside a `correct…` string: the quiz schema) gets
 * distinct options and a correct answer that is one of them. A grading object (a `grades` list of
 * accuracy, completeness and relevance: ai/quiz/grade.ts) gets one grade per `Answer k:` block,
 * each the share of its <reference>'s longer words its <answer> says. Plain chat gets a short text
 * quoting the first line of the last user message, and
 * citing the first `<passage start="m:ss">` of the system prompt when there is one (the tutor's).
 * Streams send one chunk per 24 characters, `chunkDelayMs` apart.
 *
 * Modes (each applies to the next `times` completion requests, or until changed):
 *   normal · rate-limit (429, OpenAI's error JSON) · timeout (never answers until closed) ·
 *   malformed (valid envelope; content not JSON, or with variant "bad-ids" ids out of range) ·
 *   server-error (500) · cut (the response stops midway and the connection drops).
 *
 * CLI: `node test/fakes/openai.mjs` on FAKE_OPENAI_PORT (3105), FAKE_OPENAI_LATENCY_MS (0).
 */
import http from "node:http";
import { pathToFileURL } from "node:url";

import { readBody, sendJson } from "./http.mjs";

const MODES = new Set(["normal", "rate-limit", "timeout", "malformed", "server-error", "cut"]);
const SEGMENTS_PER_ITEM = 4;
const ITEMS_PER_GROUP = 3;

/** @param {{ port?: number, latencyMs?: number, host?: string }} [options] */
export async function startFakeOpenAI({ port = 0, latencyMs = 0, host = "127.0.0.1" } = {}) {
  const state = { mode: "normal", remaining: Infinity, latencyMs, chunkDelayMs: 0, variant: "not-json", retryAfterMs: 20 };
  const streams = { completed: 0, closedEarly: 0 };
  const requests = [];
  const hanging = new Set();
  let completions = 0;

  const setMode = (mode, options = {}) => {
    if (!MODES.has(mode)) throw new Error(`unknown mode ${mode}`);
    state.mode = mode;
    state.remaining = options.times ?? Infinity;
    state.variant = options.variant ?? "not-json";
    state.retryAfterMs = options.retryAfterMs ?? 20;
    if (options.latencyMs !== undefined) state.latencyMs = options.latencyMs;
    if (options.chunkDelayMs !== undefined) state.chunkDelayMs = options.chunkDelayMs;
  };

  /** The mode for this request; counts it against `times`. */
  const takeMode = () => {
    const mode = state.mode;
    if (mode !== "normal" && --state.remaining <= 0) {
      state.mode = "normal";
      state.remaining = Infinity;
    }
    return mode;
  };

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    try {
      if (req.method === "GET" && path === "/health") return sendJson(res, 200, { ok: true });
      if (req.method === "GET" && path === "/v1/models") {
        return sendJson(res, 200, { object: "list", data: [{ id: "fake-model", object: "model", created: 0, owned_by: "coursecraft-tests" }] });
      }
      if (path === "/__control" && req.method === "GET") {
        const remaining = Number.isFinite(state.remaining) ? state.remaining : null;
        return sendJson(res, 200, { mode: state.mode, remaining, latencyMs: state.latencyMs, chunkDelayMs: state.chunkDelayMs, completions, streams });
      }
      if (path === "/__control" && req.method === "POST") {
        const body = JSON.parse((await readBody(req)) || "{}");
        if (body.mode !== undefined) setMode(body.mode, body);
        else {
          if (body.latencyMs !== undefined) state.latencyMs = body.latencyMs;
          if (body.chunkDelayMs !== undefined) state.chunkDelayMs = body.chunkDelayMs;
        }
        return sendJson(res, 200, { mode: state.mode, latencyMs: state.latencyMs, chunkDelayMs: state.chunkDelayMs });
      }
      if (req.method === "POST" && path === "/v1/chat/completions") {
        const body = JSON.parse(await readBody(req));
        const mode = takeMode();
        completions++;
        /** `receivedAt` and `firstChunkAt` (performance.now()): the fake's own time to first token, for benchmarks. */
        const record = { method: req.method, path, mode, stream: body.stream === true, body, receivedAt: performance.now(), firstChunkAt: null };
        requests.push(record);
        if (mode === "timeout") {
          hanging.add(res);
          res.on("close", () => hanging.delete(res));
          return undefined;
        }
        if (state.latencyMs > 0) await sleep(state.latencyMs);
        return answerCompletion(res, body, mode, state, record, streams);
      }
      return sendJson(res, 404, openAiError("Unknown request URL", "invalid_request_error", "unknown_url"));
    } catch (error) {
      return sendJson(res, 400, openAiError(`Bad request: ${error instanceof Error ? error.message : String(error)}`, "invalid_request_error", null));
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;

  return {
    url: `http://${host}:${actualPort}/v1`,
    port: actualPort,
    requests,
    streams,
    setMode,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

function answerCompletion(res, body, mode, state, record, streams) {
  if (mode === "rate-limit") {
    return sendJson(res, 429, openAiError("Rate limit reached for requests. Please try again later.", "requests", "rate_limit_exceeded"), {
      "retry-after-ms": String(state.retryAfterMs),
    });
  }
  if (mode === "server-error") {
    return sendJson(res, 500, openAiError("The server had an error while processing your request. Sorry about that!", "server_error", null), {
      "retry-after-ms": String(state.retryAfterMs),
    });
  }
  const content = mode === "malformed" ? malformedContent(body, state.variant) : answerContent(body);
  const model = typeof body.model === "string" ? body.model : "fake-model";
  const id = `chatcmpl-fake-${Math.abs(hash(content)).toString(36)}`;
  const created = Math.floor(Date.now() / 1000);
  const promptTokens = Math.ceil(JSON.stringify(body.messages ?? []).length / 4);
  const usage = { prompt_tokens: promptTokens, completion_tokens: Math.ceil(content.length / 4), total_tokens: promptTokens + Math.ceil(content.length / 4) };

  if (body.stream === true) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const chunk = (delta, finishReason = null) => ({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    });
    const events = [chunk({ role: "assistant", content: "" })];
    for (const piece of content.match(/[\s\S]{1,24}/g) ?? []) events.push(chunk({ content: piece }));
    events.push(chunk({}, "stop"));
    if (body.stream_options?.include_usage) events.push({ id, object: "chat.completion.chunk", created, model, choices: [], usage });
    const sse = (list) => list.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");
    // Cut: the client has seen the first half of the stream when the connection drops.
    const sent = mode === "cut" ? events.slice(0, Math.max(2, Math.floor(events.length / 2))) : events;
    void writeStream(
      res,
      sent.map((event) => sse([event])),
      { delayMs: state.chunkDelayMs, record, cut: mode === "cut" },
    ).then((whole) => {
      if (mode === "cut") return;
      if (whole) streams.completed++;
      else streams.closedEarly++;
    });
    return undefined;
  }

  const envelope = JSON.stringify({
    id,
    object: "chat.completion",
    created,
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
    usage,
  });
  res.writeHead(200, { "content-type": "application/json" });
  if (mode === "cut") return cutAfter(res, envelope.slice(0, Math.floor(envelope.length / 2)));
  res.end(envelope);
  return undefined;
}

function answerContent(body) {
  const format = body.response_format;
  const message = lastUserText(body.messages);
  if (format?.type === "json_schema" && format.json_schema?.schema) {
    const schema = format.json_schema.schema;
    if (isGradeSchema(schema)) return JSON.stringify(gradeAnswers(message));
    return JSON.stringify(generate(schema, rootContext(message), { root: schema, key: "" }));
  }
  if (format?.type === "json_object") return JSON.stringify({ answer: chatReply(message) });
  return chatReply(message, systemText(body.messages));
}

function isGradeSchema(schema) {
  const item = resolveRef(schema.properties?.grades?.items ?? {}, schema);
  return ["accuracy", "completeness", "relevance", "feedback"].every((key) => key in (item.properties ?? {}));
}

/** The words a grade compares: lower case, four letters or more. */
const gradedWords = (text) => new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);

/** One grade per `Answer k:` block: the share of the reference's words the answer says, for all three criteria. */
function gradeAnswers(message) {
  const blocks = message.split(/^Answer (\d+):$/m).slice(1);
  const grades = [];
  for (let i = 0; i < blocks.length; i += 2) {
    const text = blocks[i + 1] ?? "";
    const reference = gradedWords(/<reference>\n([\s\S]*?)\n<\/reference>/.exec(text)?.[1] ?? "");
    const answer = gradedWords(/<answer>\n([\s\S]*?)\n<\/answer>/.exec(text)?.[1] ?? "");
    const share = reference.size === 0 ? 0 : [...reference].filter((word) => answer.has(word)).length / reference.size;
    const score = Math.round(share * 100) / 100;
    grades.push({
      id: Number(blocks[i]),
      accuracy: score,
      completeness: score,
      relevance: score,
      feedback:
        score >= 0.6
          ? "Your answer says what the video says. Nothing important is missing."
          : "Your answer touches the topic. It misses most of what the video says.",
    });
  }
  return { grades };
}

function malformedContent(body, variant) {
  const format = body.response_format;
  if (variant === "bad-ids" && format?.type === "json_schema" && format.json_schema?.schema) {
    const schema = format.json_schema.schema;
    const context = rootContext(lastUserText(body.messages));
    context.idOffset = 100_000;
    return JSON.stringify(generate(schema, context, { root: schema, key: "" }));
  }
  return "Sorry, I cannot produce that right now.";
}

function chatReply(message, system = "") {
  const firstLine =
    message
      .split("\n")
      .find((line) => line.trim())
      ?.trim() ?? "";
  const passage = /<passage start="(\d+(?::\d\d){1,2})"/.exec(system);
  const citation = passage ? ` The video explains it at [${passage[1]}].` : "";
  return `You asked: "${firstLine.slice(0, 200)}". Here is a short answer from the fake model.${citation}`;
}

function systemText(messages) {
  return (Array.isArray(messages) ? messages : [])
    .filter((m) => m.role === "system")
    .map((m) => (typeof m.content === "string" ? m.content : ""))
    .join("\n");
}

function lastUserText(messages) {
  const user = [...(Array.isArray(messages) ? messages : [])].reverse().find((m) => m.role === "user");
  if (!user) return "";
  if (typeof user.content === "string") return user.content;
  return (Array.isArray(user.content) ? user.content : [])
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

/**
 * What answers are built from: the transcript segments (`[id] text` lines), grouped by the
 * `# Chapter` lines when there are any; without segments, the text of the first fenced block.
 */
function rootContext(message) {
  const segments = [];
  const chapters = [];
  for (const line of message.split("\n")) {
    const segment = /^\[(\d+)\]\s?(.*)$/.exec(line);
    if (segment) {
      const item = { id: Number(segment[1]), text: segment[2].trim() };
      segments.push(item);
      chapters[chapters.length - 1]?.push(item);
    } else if (/^#+\s*Chapter\b/i.test(line)) {
      chapters.push([]);
    }
  }
  const fenced = /<([a-z_]+)>\s*([\s\S]*?)\s*<\/\1>/i.exec(message)?.[2];
  const fallback = (fenced || message).replace(/\s+/g, " ").trim() || "Fake answer";
  // A quiz prompt's concepts: each question is tagged with one of them, in turn.
  const conceptLabels = (/<section_concepts>\s*([\s\S]*?)\s*<\/section_concepts>/.exec(message)?.[1] ?? "").split("\n").filter(Boolean);
  return { segments, chapters: chapters.filter((c) => c.length > 0), fallback, idOffset: 0, index: 0, conceptLabels };
}

function resolveRef(schema, root) {
  let current = schema;
  for (let guard = 0; current?.$ref && guard < 20; guard++) {
    const path = current.$ref.replace(/^#\/?/, "").split("/").filter(Boolean);
    current = path.reduce((node, key) => node?.[decodeURIComponent(key)], root);
  }
  return current ?? {};
}

function typeOf(schema) {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== "null") ?? "null";
  if (schema.type) return schema.type;
  if (schema.properties) return "object";
  if (schema.items) return "array";
  return "string";
}

/** How many levels of segment-carrying arrays (arrays of objects with an integer) a schema holds. */
function segmentDepth(schema, root, seen = new Set()) {
  schema = resolveRef(schema, root);
  if (seen.has(schema)) return 0;
  seen.add(schema);
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant) return Math.max(0, ...variant.map((s) => segmentDepth(s, root, seen)));
  const type = typeOf(schema);
  if (type === "array") {
    const item = resolveRef(schema.items ?? {}, root);
    const inner = segmentDepth(item, root, seen);
    return inner > 0 || hasInteger(item, root) ? inner + 1 : 0;
  }
  if (type === "object") return Math.max(0, ...Object.values(schema.properties ?? {}).map((s) => segmentDepth(s, root, seen)));
  return 0;
}

function hasInteger(schema, root) {
  schema = resolveRef(schema, root);
  if (typeOf(schema) === "integer") return true;
  if (typeOf(schema) === "object") return Object.values(schema.properties ?? {}).some((s) => typeOf(resolveRef(s, root)) === "integer");
  return false;
}

function chunk(items, size) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function generate(schema, context, where) {
  schema = resolveRef(schema, where.root);
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant) return generate(variant.find((s) => resolveRef(s, where.root).type !== "null") ?? variant[0], context, where);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (typeOf(schema)) {
    case "object": {
      // A multiple-choice question's options start further into its source the later the
      // question, so no two questions of a quiz share an option (one would give the other away).
      const choice = Object.keys(schema.properties ?? {}).some((key) => /^correct/i.test(key));
      const inner = choice ? { ...context, question: context.index } : context;
      const object = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, generate(value, inner, { ...where, key })]));
      // Multiple choice (quiz schemas): the correct answer is one of the sibling options.
      const options = Object.values(object).find((value) => Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string"));
      for (const key of Object.keys(object))
        if (/^correct/i.test(key) && typeof object[key] === "string" && options) object[key] = options[context.index % options.length];
      return object;
    }
    case "array":
      return generateArray(schema, context, where);
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const value = context.segments.length > 0 ? context.segments[0].id + context.idOffset : min;
      return schema.maximum !== undefined && context.idOffset === 0 ? Math.min(Math.max(value, min), schema.maximum) : value;
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return generateString(schema, context, where.key);
  }
}

function generateArray(schema, context, where) {
  const item = schema.items ?? {};
  if (where.key === "concepts" && context.conceptLabels.length > 0) return [context.conceptLabels[context.index % context.conceptLabels.length]];
  const depth = segmentDepth(schema, where.root);
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? Infinity;
  let groups;
  if (depth > 0 && context.segments.length > 0) {
    groups = context.chapters.length > 0 ? context.chapters : chunk(context.segments, SEGMENTS_PER_ITEM * ITEMS_PER_GROUP ** (depth - 1));
    if (groups.length > max) groups = [...groups.slice(0, max - 1), groups.slice(max - 1).flat()];
    while (groups.length < min) groups.push(groups[groups.length - 1]);
    return groups.map((segments, index) => generate(item, { ...context, segments, chapters: [], index }, { ...where, key: "" }));
  }
  const count = Math.min(max, Math.max(min, 3));
  // Lists of strings (a question's options) get distinct items, numbered after the source text.
  if (typeOf(resolveRef(item, where.root)) === "string")
    return Array.from({ length: count }, (_, index) => generateString(resolveRef(item, where.root), { ...context, index }, "option"));
  return Array.from({ length: count }, (_, index) => generate(item, { ...context, index }, { ...where, key: "" }));
}

function generateString(schema, context, key) {
  const source = context.segments.length > 0 ? context.segments.map((s) => s.text).join(" ") : context.fallback;
  let text;
  if (key === "option") {
    const words = source
      .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
      .split(/\s+/)
      .filter(Boolean);
    const from = (context.question ?? 0) * 2 + context.index * 3;
    text = `Option ${context.index + 1}: ${words.slice(from, from + 5).join(" ") || `something else ${(context.question ?? 0) + 1}`}`;
  } else if (/question/i.test(key)) {
    const words = source
      .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 7);
    text = `Question ${context.index + 1}: what does the video say about ${words.join(" ") || "this"}?`;
  } else if (/^label$/i.test(key)) {
    // A concept's name: two of the source's longer words, a different pair for each item.
    const words = source
      .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
      .split(/\s+/)
      .filter((word) => word.length > 4);
    text = words.slice(context.index * 2, context.index * 2 + 2).join(" ") || `Idea ${context.index + 1}`;
  } else if (/^definition$/i.test(key)) {
    text = (source.match(/[^.!?]+[.!?]*/) ?? [source])[0].trim().slice(0, 200);
  } else if (/title|name|heading|label/i.test(key)) {
    const words = source
      .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 7);
    text = words.length ? words.join(" ") : "Untitled";
    text = text.charAt(0).toUpperCase() + text.slice(1);
    if (context.segments.length === 0 && context.index > 0) text = `${text} ${context.index + 1}`;
  } else if (/summary|description/i.test(key)) {
    text = `This part covers: ${source.slice(0, 200)}`;
  } else {
    const sentences = source.match(/[^.!?]+[.!?]*/g) ?? [source];
    text = `In this part you learn the following.\n\n${sentences.map((s) => `- ${s.trim()}`).join("\n")}`;
  }
  if (schema.maxLength !== undefined && text.length > schema.maxLength) text = text.slice(0, schema.maxLength);
  if (schema.minLength !== undefined && text.length < schema.minLength) text = text.padEnd(schema.minLength, ".");
  return text;
}

/** Sends `data`, then drops the connection (after the write is flushed, so the client sees it). */
function cutAfter(res, data) {
  res.write(data, () => setTimeout(() => res.destroy(), 10));
  return undefined;
}

/** Writes the SSE chunks `delayMs` apart; resolves true when all were sent, false when the client closed first. */
async function writeStream(res, chunks, { delayMs, record, cut }) {
  let closed = false;
  res.on("close", () => (closed = !res.writableEnded));
  for (const [i, chunk] of chunks.entries()) {
    if (i > 0 && delayMs > 0) await sleep(delayMs);
    if (closed) return false;
    res.write(chunk);
    if (i === 1) record.firstChunkAt = performance.now();
  }
  if (cut) {
    setTimeout(() => res.destroy(), 10);
    return false;
  }
  res.end("data: [DONE]\n\n");
  return true;
}

function hash(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return h;
}

function openAiError(message, type, code) {
  return { error: { message, type, param: null, code } };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeOpenAI({
    port: Number(process.env.FAKE_OPENAI_PORT ?? 3105),
    latencyMs: Number(process.env.FAKE_OPENAI_LATENCY_MS ?? 0),
  });
  console.log(`fake OpenAI on ${fake.url}`);
  const stop = async () => {
    await fake.close();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

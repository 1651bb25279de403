import { APICallError } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";

import { isAiError } from "~/server/ai/errors";
import { NO_TRANSCRIPT_MESSAGE } from "~/server/ai/offline";
import { outlineProblems } from "~/server/ai/offline/outline-invariants";
import type { StructureInput } from "~/server/ai/structure/types";
import type { TimedSegment } from "~/server/video/types";

import { syntheticTranscript } from "../../../../test/fixtures/transcripts/synthetic";

import { AI_MESSAGES, createLlmEngine, planParts } from "./index";
import { reply, userText } from "../../../../test/mock-model";
import { rejectionOf } from "../../../../test/rejection";

type CallOptions = MockLanguageModelV4["doGenerateCalls"][number];
type Section = { startSegment: number; title: string; content: string };
type Chapter = { title: string; summary: string; sections: Section[] };

const segments = (count: number, wordsEach = 8): TimedSegment[] =>
  Array.from({ length: count }, (_, index) => ({
    index,
    startMs: index * 4_000,
    endMs: index * 4_000 + 3_500,
    text: `Sentence ${index} ${"word ".repeat(Math.max(0, wordsEach - 2)).trim()}.`,
  }));

function input(overrides: Partial<StructureInput> = {}): StructureInput {
  return {
    topic: "binary search",
    complexity: "intermediate",
    additionalInstructions: null,
    video: { title: "How binary search works", description: "A visual introduction.", durationSeconds: 120 },
    segments: segments(20),
    creatorChapters: [],
    ...overrides,
  };
}

const schemaKeys = (options: CallOptions) => {
  const format = options.responseFormat;
  const schema = format?.type === "json" ? (format.schema as { properties?: Record<string, unknown> } | undefined) : undefined;
  return Object.keys(schema?.properties ?? {});
};

/** The ids shown to the model, grouped by `# Chapter` headings when there are any. */
function transcriptOf(options: CallOptions): { ids: number[]; chapters: number[][] } {
  const ids: number[] = [];
  const chapters: number[][] = [];
  for (const line of userText(options).split("\n")) {
    const id = /^\[(\d+)\]/.exec(line);
    if (id) {
      ids.push(Number(id[1]));
      chapters[chapters.length - 1]?.push(Number(id[1]));
    } else if (line.startsWith("# Chapter")) chapters.push([]);
  }
  return { ids, chapters };
}

const chunk = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, k) => items.slice(k * size, k * size + size));

/** What a well-behaved model answers: sections every 3 segments, chapters every 9 (or the creator's). */
function obedientAnswer(options: CallOptions): Record<string, unknown> {
  const keys = schemaKeys(options);
  const answer: Record<string, unknown> = {};
  if (keys.includes("title"))
    Object.assign(answer, { title: "Binary Search, Step by Step", description: "Learn how halving a sorted list finds anything fast." });
  if (keys.includes("chapters")) {
    const { ids, chapters } = transcriptOf(options);
    answer.chapters = (chapters.length ? chapters : chunk(ids, 9)).map((group): Chapter => ({
      title: `Chapter from ${group[0]}`,
      summary: "What this chapter teaches.",
      sections: chunk(group, 3).map((c) => ({
        startSegment: c[0]!,
        title: `Section from ${c[0]}`,
        content: `Why segment ${c[0]} matters.\n\n- a point\n- another point`,
      })),
    }));
  }
  return answer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Never answers; rejects with the call's abort reason like a real provider. */
const hang = (options: CallOptions) =>
  new Promise<never>((_, reject) => {
    const signal = options.abortSignal;
    if (signal?.aborted) reject(signal.reason as Error);
    signal?.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
  });

const aiErrorOf = (promise: Promise<unknown>) => rejectionOf(promise, isAiError, "an AiError");

const starts = (outline: { chapters: { sections: { startSegment: number }[] }[] }) => outline.chapters.flatMap((c) => c.sections.map((s) => s.startSegment));

describe("createLlmEngine", () => {
  it("turns a valid answer into an outline in one call for a short transcript", async () => {
    const model = new MockLanguageModelV4({ doGenerate: (options) => reply(obedientAnswer(options)) });
    const data = input();
    const outline = await createLlmEngine(model).structure(data);

    expect(model.doGenerateCalls).toHaveLength(1);
    expect(outline.title).toBe("Binary Search, Step by Step");
    expect(outline.description).toBe("Learn how halving a sorted list finds anything fast.");
    expect(outline.chapters.map((c) => c.title)).toEqual(["Chapter from 0", "Chapter from 9", "Chapter from 18"]);
    expect(starts(outline)).toEqual([0, 3, 6, 9, 12, 15, 18]);
    expect(outline.chapters[0]!.sections[0]!.content).toBe("Why segment 0 matters.\n\n- a point\n- another point");
    expect(outlineProblems(outline, data.segments)).toEqual([]);

    const call = model.doGenerateCalls[0]!;
    expect(call.responseFormat?.type).toBe("json");
    expect(schemaKeys(call)).toEqual(["title", "description", "chapters"]);
    expect(userText(call)).toContain("[0] Sentence 0");
    expect(userText(call)).toContain("[19] Sentence 19");
    expect(call.prompt[0]).toMatchObject({ role: "system" });
  });

  it("titles a course asked as a question by the video's subject when the model hands the question back", async () => {
    const echo = (title: string) => (options: CallOptions) => reply({ ...obedientAnswer(options), title });
    const asked = input({
      topic: "How do neural networks learn?",
      video: { title: "Gradient descent, how neural networks learn | Chapter 2, Deep learning", description: "", durationSeconds: 120 },
    });
    const echoed = await createLlmEngine(new MockLanguageModelV4({ doGenerate: echo("How Do Neural Networks Learn?") })).structure(asked);
    expect(echoed.title).toBe("Gradient descent, how neural networks learn");

    // A title that names the subject is the model's to keep, and so is any title for a topic that is no question.
    const named = await createLlmEngine(new MockLanguageModelV4({ doGenerate: echo("Gradient Descent: How Networks Learn") })).structure(asked);
    expect(named.title).toBe("Gradient Descent: How Networks Learn");
    const subject = await createLlmEngine(new MockLanguageModelV4({ doGenerate: echo("What is binary search?") })).structure(input());
    expect(subject.title).toBe("What is binary search?");

    // In the course's language, and the prompt says so.
    const spanish = input({
      topic: "¿Cómo aprenden las redes neuronales?",
      language: "es",
      video: { title: "Descenso de gradiente, cómo aprenden las redes neuronales | Capítulo 2", description: "", durationSeconds: 120, language: "es" },
    });
    const model = new MockLanguageModelV4({ doGenerate: echo("¿Cómo aprenden las redes neuronales?") });
    expect((await createLlmEngine(model).structure(spanish)).title).toBe("Descenso de gradiente, cómo aprenden las redes neuronales");
    const system = model.doGenerateCalls[0]!.prompt[0]!;
    expect(system.role === "system" ? system.content : "").toContain("never with the question itself");
  });

  it("snaps the first section to the first segment and keeps later ids", async () => {
    const answer = {
      title: "T",
      description: "D",
      chapters: [{ title: "C", summary: "", sections: [2, 7, 15].map((id) => ({ startSegment: id, title: `S${id}`, content: "Text." })) }],
    };
    const model = new MockLanguageModelV4({ doGenerate: () => reply(answer) });
    const outline = await createLlmEngine(model).structure(input());
    expect(starts(outline)).toEqual([0, 7, 15]);
    expect(outline.chapters[0]!.summary).toBeNull();
  });

  it.each([
    ["an id outside the transcript", [0, 5, 99]],
    ["ids that do not increase", [0, 9, 4]],
    ["a repeated id", [0, 6, 6]],
    ["a negative id", [-1, 5]],
  ])("retries %s twice, then fails as malformed", async (_, ids) => {
    const answer = {
      title: "T",
      description: "D",
      chapters: [{ title: "C", summary: "S", sections: ids.map((id) => ({ startSegment: id, title: `S${id}`, content: "Text." })) }],
    };
    const model = new MockLanguageModelV4({ doGenerate: () => reply(answer) });
    const error = await aiErrorOf(createLlmEngine(model).structure(input()));
    expect(error.kind).toBe("malformed");
    expect(error.message).toBe(AI_MESSAGES.malformed);
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it("recovers when a retry answers well: not JSON, then bad ids, then valid", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: (options) => {
        const attempt = model.doGenerateCalls.length;
        if (attempt === 1) return reply("Sure! Here is your course outline.");
        if (attempt === 2)
          return reply({ ...obedientAnswer(options), chapters: [{ title: "C", summary: "", sections: [{ startSegment: 500, title: "S", content: "x" }] }] });
        return reply(obedientAnswer(options));
      },
    });
    const outline = await createLlmEngine(model).structure(input());
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(starts(outline)).toEqual([0, 3, 6, 9, 12, 15, 18]);
  });

  it("honours maxMalformedRetries", async () => {
    const model = new MockLanguageModelV4({ doGenerate: () => reply({ wrong: true }) });
    const error = await aiErrorOf(createLlmEngine(model, { maxMalformedRetries: 0 }).structure(input()));
    expect(error.kind).toBe("malformed");
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("bounds titles and contents, drops empty sections and chapters, and keeps titles unique", async () => {
    const long = "word ".repeat(2_000);
    const answer = {
      title: `  ${"Very long course title ".repeat(10)}  `,
      description: "  Line one.   \r\n\r\n\r\n\r\nLine two.  ",
      chapters: [
        {
          title: "  Basics  ",
          summary: "S",
          sections: [
            { startSegment: 0, title: "Basics", content: `  First paragraph.  \n\n\n\n  ${long}` },
            { startSegment: 4, title: "   ", content: "No title: dropped." },
            { startSegment: 6, title: "Empty content", content: "  \n " },
          ],
        },
        { title: "Nothing left", summary: "", sections: [{ startSegment: 8, title: "Blank", content: "" }] },
        { title: "Basics", summary: "", sections: [{ startSegment: 10, title: "basics", content: "More." }] },
      ],
    };
    const outline = await createLlmEngine(new MockLanguageModelV4({ doGenerate: () => reply(answer) })).structure(input());
    expect(outline.title.length).toBeLessThanOrEqual(120);
    expect(outline.title).toMatch(/^Very long course title .*…$/);
    expect(outline.description).toBe("Line one.\n\nLine two.");
    expect(outline.chapters.map((c) => c.title)).toEqual(["Basics", "Basics (3)"]);
    expect(outline.chapters.map((c) => c.sections.map((s) => s.title))).toEqual([["Basics (2)"], ["basics (4)"]]);
    const content = outline.chapters[0]!.sections[0]!.content;
    expect(content.startsWith("First paragraph.\n\nword word")).toBe(true);
    expect(content.length).toBeLessThanOrEqual(6_000);
    expect(content.length).toBeGreaterThan(5_900);
    expect(starts(outline)).toEqual([0, 10]);
  });

  it("keeps the concepts a section names (at most 3, labels that are names), and reads a missing or broken list as none", async () => {
    const concept = (label: string, definition = `${label} explained.`) => ({ label, definition });
    const answer = {
      title: "T",
      description: "D",
      chapters: [
        {
          title: "C",
          summary: "S",
          sections: [
            {
              startSegment: 0,
              title: "One",
              content: "Text.",
              concepts: [
                concept("  Binary   search "),
                concept("   "),
                concept("a label that is far too long to be the name of one concept"),
                concept("Sorted list", `  ${"long ".repeat(100)}`),
                concept("Midpoint"),
                concept("Fourth kept one"),
              ],
            },
            { startSegment: 5, title: "Two", content: "Text." },
            { startSegment: 10, title: "Three", content: "Text.", concepts: "none" },
          ],
        },
      ],
    };
    const outline = await createLlmEngine(new MockLanguageModelV4({ doGenerate: () => reply(answer) })).structure(input());
    const [one, two, three] = outline.chapters[0]!.sections;
    expect(one!.concepts!.map((c) => c.label)).toEqual(["Binary search", "Sorted list", "Midpoint"]);
    expect(one!.concepts![0]!.definition).toBe("Binary search explained.");
    expect(one!.concepts![1]!.definition.length).toBeLessThanOrEqual(300);
    expect(two!.concepts).toEqual([]);
    expect(three!.concepts).toEqual([]);
  });

  it("asks for each section's concepts, in the same structured answer", async () => {
    const model = new MockLanguageModelV4({ doGenerate: async (options) => reply(obedientAnswer(options)) });
    await createLlmEngine(model).structure(input());
    const format = model.doGenerateCalls[0]!.responseFormat;
    expect(JSON.stringify(format?.type === "json" ? format.schema : null)).toMatch(/"concepts":\{[^}]*"type":"array"/);
  });

  it("rejects a transcript with no words", async () => {
    const model = new MockLanguageModelV4({ doGenerate: () => reply({}) });
    await expect(createLlmEngine(model).structure(input({ segments: [] }))).rejects.toThrow(NO_TRANSCRIPT_MESSAGE);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  describe("long transcripts", () => {
    it.each([1, 3, 5])("runs the parts in parallel, at most %i calls at once", async (concurrency) => {
      let inFlight = 0;
      let maxInFlight = 0;
      let partsInFlight = 0;
      let maxPartsInFlight = 0;
      const model = new MockLanguageModelV4({
        doGenerate: async (options) => {
          const isPart = schemaKeys(options).join() === "chapters";
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          if (isPart) maxPartsInFlight = Math.max(maxPartsInFlight, ++partsInFlight);
          await sleep(isPart ? 15 : 100);
          inFlight--;
          if (isPart) partsInFlight--;
          return reply(obedientAnswer(options));
        },
      });
      const data = input({ segments: syntheticTranscript(20).segments });
      const parts = planParts(data.segments, [], 400);
      expect(parts.length).toBeGreaterThan(5);

      const progress: [string, number][] = [];
      const outline = await createLlmEngine(model, { concurrency, chunkWords: 400 }).structure(data, {
        onProgress: (stage, percent) => progress.push([stage, percent]),
      });

      // The parts' calls are bounded; the short title call runs beside them.
      expect(maxPartsInFlight).toBe(concurrency);
      expect(maxInFlight).toBe(concurrency + 1);
      expect(model.doGenerateCalls).toHaveLength(parts.length + 1);
      expect(model.doGenerateCalls.filter((c) => schemaKeys(c).join() === "title,description")).toHaveLength(1);
      expect(outline.title).toBe("Binary Search, Step by Step");
      expect(outlineProblems(outline, data.segments)).toEqual([]);
      // Every part's first segment opens a section: the parts were merged in order.
      const sectionStarts = new Set(starts(outline));
      for (const part of parts) expect(sectionStarts.has(part.segments[0]!.index)).toBe(true);
      expect(progress[0]).toEqual(["structuring", 0]);
      const structuring = progress.filter(([stage]) => stage === "structuring").map(([, p]) => p);
      expect(structuring).toEqual([...structuring].sort((a, b) => a - b));
      expect(structuring.at(-1)).toBe(100);
      expect(progress.at(-1)).toEqual(["writing", 100]);
    });

    it("cuts a 30-minute transcript into balanced parts all sent at once: one call deep", async () => {
      const data = input({ segments: syntheticTranscript(30).segments });
      const parts = planParts(data.segments, [], 2_500);
      const words = parts.map((p) => p.segments.reduce((sum, s) => sum + s.text.split(/\s+/).length, 0));
      const total = words.reduce((a, b) => a + b, 0);
      expect(parts).toHaveLength(Math.ceil(total / 2_500));
      expect(parts.length).toBeLessThanOrEqual(3);
      expect(Math.max(...words) - Math.min(...words)).toBeLessThan(50);
      expect(parts.flatMap((p) => p.segments.map((s) => s.index))).toEqual(data.segments.map((s) => s.index));

      let started = 0;
      let startedBeforeFirstAnswer = 0;
      const model = new MockLanguageModelV4({
        doGenerate: async (options) => {
          started++;
          await sleep(20);
          startedBeforeFirstAnswer ||= started;
          return reply(obedientAnswer(options));
        },
      });
      await createLlmEngine(model).structure(data);
      expect(model.doGenerateCalls).toHaveLength(parts.length + 1);
      expect(startedBeforeFirstAnswer).toBe(parts.length + 1);
    });

    it("cancels the other calls when one fails", async () => {
      const aborted: boolean[] = [];
      const model = new MockLanguageModelV4({
        doGenerate: async (options) => {
          if (model.doGenerateCalls.length === 2) {
            await sleep(10);
            throw new APICallError({ message: "Unauthorized", url: "http://x", requestBodyValues: {}, statusCode: 401, isRetryable: false });
          }
          try {
            return await hang(options);
          } finally {
            aborted.push(options.abortSignal?.aborted ?? false);
          }
        },
      });
      const error = await aiErrorOf(createLlmEngine(model, { chunkWords: 100 }).structure(input({ segments: segments(60) })));
      expect(error.kind).toBe("unavailable");
      // The title call and two part calls were in flight and got cancelled; queued parts never started.
      expect(model.doGenerateCalls).toHaveLength(4);
      expect(aborted).toEqual([true, true, true]);
    });
  });

  describe("creator chapters", () => {
    const creatorChapters = [
      { title: "Why search?", startMs: 0 },
      { title: "The key idea", startMs: 7 * 4_000 - 1_000 },
      { title: "Writing the code", startMs: 15 * 4_000 },
    ];

    it("become the chapters, with the model's sections inside each", async () => {
      const model = new MockLanguageModelV4({ doGenerate: (options) => reply(obedientAnswer(options)) });
      const data = input({ creatorChapters });
      const outline = await createLlmEngine(model).structure(data);
      expect(model.doGenerateCalls).toHaveLength(1);
      expect(userText(model.doGenerateCalls[0]!)).toContain("# Chapter 2: The key idea\n[7] Sentence 7");
      expect(outline.chapters.map((c) => c.title)).toEqual(["Why search?", "The key idea", "Writing the code"]);
      expect(outline.chapters.map((c) => c.sections[0]!.startSegment)).toEqual([0, 7, 15]);
      expect(outlineProblems(outline, data.segments)).toEqual([]);
    });

    it("merge the pieces of a chapter split over several calls", async () => {
      const model = new MockLanguageModelV4({ doGenerate: (options) => reply(obedientAnswer(options)) });
      const data = input({
        segments: segments(60, 10),
        creatorChapters: [
          { title: "Short intro", startMs: 0 },
          { title: "The long middle", startMs: 5 * 4_000 },
        ],
      });
      const parts = planParts(data.segments, data.creatorChapters, 100);
      expect(parts.length).toBeGreaterThan(3);
      expect(parts.slice(1).every((p) => p.chapters?.length === 1 && p.chapters[0]!.key === 1)).toBe(true);
      const outline = await createLlmEngine(model, { chunkWords: 100 }).structure(data);
      expect(outline.chapters.map((c) => c.title)).toEqual(["Short intro", "The long middle"]);
      expect(outline.chapters[1]!.sections[0]!.startSegment).toBe(5);
      expect(starts(outline).at(-1)).toBeGreaterThan(50);
      expect(outlineProblems(outline, data.segments)).toEqual([]);
      const infoPrompt = model.doGenerateCalls.map(userText).find((text) => !text.includes("<transcript>"));
      expect(infoPrompt).toContain("1. Short intro\n2. The long middle\n</video_chapters>");
    });

    it("are malformed when the model returns another number of chapters or crosses a chapter", async () => {
      const fewer = new MockLanguageModelV4({
        doGenerate: (options) => {
          const answer = obedientAnswer(options) as { chapters: Chapter[] };
          return reply({ ...answer, chapters: answer.chapters.slice(1) });
        },
      });
      expect((await aiErrorOf(createLlmEngine(fewer).structure(input({ creatorChapters })))).kind).toBe("malformed");
      expect(fewer.doGenerateCalls).toHaveLength(3);

      const crossing = new MockLanguageModelV4({
        doGenerate: (options) => {
          const answer = obedientAnswer(options) as { chapters: Chapter[] };
          answer.chapters[0]!.sections.push({ startSegment: 8, title: "Into the next chapter", content: "x" });
          return reply(answer);
        },
      });
      expect((await aiErrorOf(createLlmEngine(crossing).structure(input({ creatorChapters })))).kind).toBe("malformed");
    });
  });

  describe("failures", () => {
    it("times out a call that does not answer", async () => {
      const model = new MockLanguageModelV4({ doGenerate: hang });
      const started = Date.now();
      const error = await aiErrorOf(createLlmEngine(model, { timeoutMs: 50 }).structure(input()));
      expect(error.kind).toBe("timeout");
      expect(error.message).toBe(AI_MESSAGES.timeout);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(model.doGenerateCalls).toHaveLength(1);
    });

    it("propagates the caller's abort as is", async () => {
      const model = new MockLanguageModelV4({ doGenerate: hang });
      const controller = new AbortController();
      const reason = new Error("the learner cancelled");
      setTimeout(() => controller.abort(reason), 20);
      await expect(createLlmEngine(model, { timeoutMs: 5_000 }).structure(input(), { signal: controller.signal })).rejects.toBe(reason);
      expect(model.doGenerateCalls[0]!.abortSignal?.aborted).toBe(true);
    });

    it("does not call the model when already aborted", async () => {
      const model = new MockLanguageModelV4({ doGenerate: hang });
      const reason = new Error("gone");
      await expect(createLlmEngine(model).structure(input(), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
      expect(model.doGenerateCalls).toHaveLength(0);
    });

    it.each([
      [429, "rate-limited", 3],
      [500, "unavailable", 3],
      [401, "unavailable", 1],
    ] as const)("maps HTTP %i after the SDK's retries to %s", async (statusCode, kind, calls) => {
      const model = new MockLanguageModelV4({
        doGenerate: () =>
          Promise.reject(
            new APICallError({
              message: `HTTP ${statusCode} sk-secret-key`,
              url: "http://llm.local/v1/chat/completions",
              requestBodyValues: {},
              statusCode,
              responseHeaders: { "retry-after-ms": "1" },
              responseBody: '{"error":{"message":"provider body"}}',
              isRetryable: statusCode !== 401,
            }),
          ),
      });
      const error = await aiErrorOf(createLlmEngine(model).structure(input()));
      expect(error.kind).toBe(kind);
      expect(error.message).toBe(AI_MESSAGES[kind]);
      expect(error.message).not.toMatch(/sk-secret|provider body|at /);
      expect(model.doGenerateCalls).toHaveLength(calls);
    });

    it("maps a refused connection to unavailable", async () => {
      const model = new MockLanguageModelV4({
        doGenerate: () => {
          throw new APICallError({ message: "Cannot connect to API: connect ECONNREFUSED", url: "http://x", requestBodyValues: {}, isRetryable: false });
        },
      });
      expect((await aiErrorOf(createLlmEngine(model).structure(input()))).kind).toBe("unavailable");
    });
  });
});

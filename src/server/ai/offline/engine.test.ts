import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import type { StructureInput, StructureProgress } from "~/server/ai/structure/types";
import type { TimedSegment } from "~/server/video/types";

import { syntheticTranscript } from "../../../../test/fixtures/transcripts/synthetic";
import { cleanSentence } from "~/server/language/text";
import { courseDescription, courseTitle, createOfflineEngine, descriptionLead, mapCreatorChapters, NO_TRANSCRIPT_MESSAGE, shortVideoTitle } from "./engine";
import { outlineProblems } from "./outline-invariants";

type Fixture = {
  title: string;
  description: string;
  durationSeconds: number;
  chapters: { start: number; title: string }[];
  segments: { text: string; start: number; duration: number }[];
};

const FIXTURES = join(import.meta.dirname, "../../../../test/fixtures/transcripts");

function load(name: string): Fixture {
  return JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as Fixture;
}

function toSegments(f: Fixture): TimedSegment[] {
  return f.segments.map((s, index) => ({ index, startMs: Math.round(s.start * 1000), endMs: Math.round((s.start + s.duration) * 1000), text: s.text }));
}

function inputOf(f: Fixture, overrides: Partial<StructureInput> = {}): StructureInput {
  return {
    topic: "coffee",
    complexity: "beginner",
    additionalInstructions: null,
    video: { title: f.title, description: f.description, durationSeconds: f.durationSeconds },
    segments: toSegments(f),
    creatorChapters: [],
    ...overrides,
  };
}

const engine = createOfflineEngine();
const coffee = load("three-topics.json");
const tiny = load("tiny.json");

describe("offline engine", () => {
  it("is named offline", () => {
    expect(engine.name).toBe("offline");
  });

  it("finds the three topics of our coffee lecture and satisfies the outline invariants", async () => {
    const input = inputOf(coffee);
    const outline = await engine.structure(input);
    expect(outlineProblems(outline, input.segments)).toEqual([]);
    expect(outline.chapters).toHaveLength(3);
    const starts = outline.chapters.map((c) => input.segments[c.sections[0]!.startSegment]!.startMs / 1000);
    coffee.chapters.forEach((c, k) => expect(Math.abs(starts[k]! - c.start)).toBeLessThanOrEqual(30));
    for (const chapter of outline.chapters) {
      expect(chapter.sections.length).toBeGreaterThanOrEqual(1);
      expect(chapter.sections.length).toBeLessThanOrEqual(5);
      expect(chapter.title.split(" ").length).toBeLessThanOrEqual(6);
    }
  });

  it("titles chapters from their key phrases", async () => {
    const outline = await engine.structure(inputOf(coffee));
    const [beans, grinding, brewing] = outline.chapters.map((c) => c.title.toLowerCase());
    expect(beans).toMatch(/bean|roast/);
    expect(grinding).toMatch(/grind|extraction|burr/);
    expect(brewing).toMatch(/brew|espresso|water|pour|gram|cold/);
  });

  it("writes content only from the transcript: timed key points, then the cleaned transcript", async () => {
    const input = inputOf(coffee);
    const outline = await engine.structure(input);
    const transcript = input.segments.map((s) => cleanSentence(s.text)).join(" ");
    const spoken = (text: string) => transcript.toLowerCase().includes(text.toLowerCase().replace(/[.!]$/, ""));
    const sections = outline.chapters.flatMap((c) => c.sections);
    const startOf = (section: (typeof sections)[number] | undefined) => (section ? input.segments[section.startSegment]!.startMs / 1000 : Infinity);
    let withPoints = 0;
    for (const [k, section] of sections.entries()) {
      let blocks = section.content.split("\n\n");
      if (blocks[0]!.startsWith("Key points\n")) {
        withPoints++;
        const points = blocks[0]!.split("\n").slice(1);
        expect(points.length).toBeGreaterThanOrEqual(1);
        expect(points.length).toBeLessThanOrEqual(4);
        for (const line of points) {
          const [, minutes, seconds, text] = /^- \[(\d+):(\d\d)\] (.+)$/.exec(line) ?? [];
          const at = Number(minutes) * 60 + Number(seconds);
          expect(at).toBeGreaterThanOrEqual(Math.floor(startOf(section)));
          expect(at).toBeLessThan(startOf(sections[k + 1]));
          expect(spoken(text!), text).toBe(true);
        }
        expect(blocks[1]).toBe("Transcript");
        blocks = blocks.slice(2);
      }
      for (const paragraph of blocks) {
        for (const s of paragraph.split(/(?<=[.!?])\s+/)) expect(transcript).toContain(s);
      }
    }
    expect(withPoints).toBeGreaterThanOrEqual(sections.length - 1);
    for (const chapter of outline.chapters) expect(chapter.summary === null || spoken(chapter.summary)).toBe(true);
  });

  it("uses creator chapters as given, with their titles, in time order", async () => {
    const segments = toSegments(coffee);
    const creatorChapters = [
      { title: "Water and brewing", startMs: coffee.chapters[2]!.start * 1000 },
      { title: "Beans and roasting", startMs: 0 },
      { title: "Grinding", startMs: coffee.chapters[1]!.start * 1000 },
    ];
    const outline = await engine.structure(inputOf(coffee, { creatorChapters }));
    expect(outlineProblems(outline, segments)).toEqual([]);
    expect(outline.chapters.map((c) => c.title)).toEqual(["Beans and roasting", "Grinding", "Water and brewing"]);
    const second = outline.chapters[1]!.sections[0]!.startSegment;
    expect(segments[second]!.text).toMatch(/^Alright, the next step is grinding/);
  });

  it("maps creator chapters to the sentence where each starts", () => {
    const segments: TimedSegment[] = [0, 10, 20, 30, 40].map((t, index) => ({ index, startMs: t * 1000, endMs: t * 1000 + 9000, text: `s${index}` }));
    expect(
      mapCreatorChapters(segments, [
        { title: "Intro", startMs: 5_000 }, // first chapter always opens the course
        { title: "Mid", startMs: 21_000 }, // a caption 1 s early still counts
        { title: "Same", startMs: 22_000 }, // collapses onto the same sentence: dropped
        { title: "Late", startMs: 99_000 }, // after the last caption: dropped
      ]),
    ).toEqual([
      { start: 0, title: "Intro" },
      { start: 2, title: "Mid" },
    ]);
  });

  it("gives a tiny transcript one chapter with one section", async () => {
    const input = inputOf(tiny, { topic: "geometry" });
    const outline = await engine.structure(input);
    expect(outlineProblems(outline, input.segments)).toEqual([]);
    expect(outline.chapters).toHaveLength(1);
    expect(outline.chapters[0]!.sections).toHaveLength(1);
    expect(outline.chapters[0]!.sections[0]!.content).not.toMatch(/\b(?:um|uh|we we)\b/i);
  });

  it("handles a single sentence and sentences without content words", async () => {
    const one = await engine.structure(inputOf(tiny, { segments: [{ index: 0, startMs: 0, endMs: 3000, text: "Hello." }] }));
    expect(one.chapters).toHaveLength(1);
    expect(one.chapters[0]!.sections[0]!.startSegment).toBe(0);
    const fillers: TimedSegment[] = Array.from({ length: 40 }, (_, index) => ({
      index,
      startMs: index * 10_000,
      endMs: index * 10_000 + 9_000,
      text: "Um, so, yeah.",
    }));
    const outline = await engine.structure(inputOf(tiny, { segments: fillers }));
    expect(outlineProblems(outline, fillers)).toEqual([]);
  });

  it("refuses a video without a transcript", async () => {
    await expect(engine.structure(inputOf(tiny, { segments: [] }))).rejects.toThrow(new Error(NO_TRANSCRIPT_MESSAGE));
    await expect(engine.structure(inputOf(tiny, { segments: [{ index: 0, startMs: 0, endMs: 1, text: "  " }] }))).rejects.toThrow(NO_TRANSCRIPT_MESSAGE);
  });

  it("is deterministic", async () => {
    const input = inputOf(coffee);
    const a = await engine.structure(input);
    const b = await createOfflineEngine().structure(structuredClone(input));
    expect(b).toEqual(a);
  });

  it("adapts paragraph length to the complexity", async () => {
    const paragraphsOf = async (complexity: StructureInput["complexity"]) =>
      (await engine.structure(inputOf(coffee, { complexity }))).chapters.flatMap((c) => c.sections).flatMap((s) => s.content.split("\n\n")).length;
    expect(await paragraphsOf("beginner")).toBeGreaterThan(await paragraphsOf("advanced"));
  });

  it("reports progress through both stages up to 100", async () => {
    const calls: [string, number][] = [];
    const onProgress: StructureProgress = (stage, percent) => calls.push([stage, percent]);
    await engine.structure(inputOf(coffee), { onProgress });
    const structuring = calls.filter(([s]) => s === "structuring").map(([, p]) => p);
    const writing = calls.filter(([s]) => s === "writing").map(([, p]) => p);
    expect(structuring.at(-1)).toBe(100);
    expect(writing.at(-1)).toBe(100);
    for (const list of [structuring, writing]) for (let k = 1; k < list.length; k++) expect(list[k]!).toBeGreaterThanOrEqual(list[k - 1]!);
    expect(calls.findIndex(([s]) => s === "writing")).toBeGreaterThan(calls.findLastIndex(([s]) => s === "structuring"));
  });

  it("stops when aborted, before or during the run", async () => {
    const before = new AbortController();
    before.abort();
    await expect(engine.structure(inputOf(coffee), { signal: before.signal })).rejects.toMatchObject({ name: "AbortError" });

    const during = new AbortController();
    const run = engine.structure(inputOf(coffee), {
      signal: during.signal,
      onProgress: (stage) => {
        if (stage === "structuring") during.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
  });

  it("satisfies the invariants on a synthetic 30-minute lecture, within the time budget", async () => {
    const { segments, durationSeconds } = syntheticTranscript(30);
    const input = inputOf(coffee, { segments, video: { title: "Synthetic", description: "", durationSeconds } });
    await engine.structure(input); // warm-up
    const started = performance.now();
    const outline = await engine.structure(input);
    const elapsed = performance.now() - started;
    expect(outlineProblems(outline, segments)).toEqual([]);
    expect(outline.chapters.length).toBeGreaterThanOrEqual(3);
    expect(outline.chapters.length).toBeLessThanOrEqual(12);
    expect(elapsed).toBeLessThan(1_000); // generous for slow CI; bench/offline-engine.ts holds the 300 ms budget
  });
});

describe("course title and description", () => {
  it("drops the series suffix of a video title", () => {
    expect(shortVideoTitle("Taylor series | Chapter 11, Essence of calculus")).toBe("Taylor series");
    expect(shortVideoTitle("No suffix here")).toBe("No suffix here");
  });

  it("prefixes the topic unless the title already names it", () => {
    expect(courseTitle("calculus", "Taylor series | Chapter 11")).toBe("Calculus: Taylor series");
    expect(courseTitle("taylor series", "Taylor series | Chapter 11")).toBe("Taylor series");
    expect(courseTitle("", "Taylor series")).toBe("Taylor series");
    expect(courseTitle("calculus", "")).toBe("Calculus");
    // A course from a link: its topic is the video's title, which is not repeated after itself.
    expect(courseTitle("Vectors | Chapter 1, Essence of linear algebra", "Vectors  | Chapter 1, Essence of linear algebra")).toBe(
      "Vectors | Chapter 1, Essence of linear algebra",
    );
    expect(courseTitle("Vectores | Capítulo 1", "Vectores | Capítulo 1")).toBe("Vectores | Capítulo 1");
  });

  it("splits a title at a full-width or unspaced bar too", () => {
    expect(shortVideoTitle("泰勒级数|第11章，微积分的本质")).toBe("泰勒级数");
    expect(shortVideoTitle("しかし、ニューラル ネットワークとは何でしょうか? |第 1 章、ディープラーニング")).toBe(
      "しかし、ニューラル ネットワークとは何でしょうか?",
    );
    expect(shortVideoTitle("「夢を追え」は何を見逃しているのか｜卒業式スピーチ")).toBe("「夢を追え」は何を見逃しているのか");
  });

  it("never restates the topic after itself, in any language", () => {
    expect(courseTitle("フーリエ級数とは何ですか", "しかし、フーリエ級数とは何でしょうか? | DE4", "ja")).toBe("フーリエ級数とは何でしょうか?");
    expect(courseTitle("フーリエ変換", "しかし、フーリエ変換とは何でしょうか?ビジュアル紹介です。", "ja")).toBe(
      "フーリエ変換とは何でしょうか?ビジュアル紹介です。",
    );
    expect(courseTitle("傅里叶变换", "但什么是傅里叶变换？视觉介绍。", "zh")).toBe("什么是傅里叶变换？视觉介绍。");
    expect(courseTitle("red neuronal", "Pero ¿qué es una red neuronal? | Capítulo 1", "es")).toBe("¿Qué es una red neuronal?");
    // The title says less than the topic: the topic alone.
    expect(courseTitle("las series de Taylor explicadas", "Series de Taylor | Capítulo 11", "es")).toBe("Las series de Taylor explicadas");
    // Different subjects keep both, the topic in the language's case.
    expect(courseTitle("cálculo", "Series de Taylor | Capítulo 11", "es")).toBe("Cálculo: Series de Taylor");
  });

  it("titles a course asked as a question by the video's subject, never by the question, in every language", () => {
    const gradient = "Gradient descent, how neural networks learn | Chapter 2, Deep learning";
    expect(courseTitle("How do neural networks learn?", gradient)).toBe("Gradient descent, how neural networks learn");
    expect(courseTitle("how do neural networks learn", gradient)).toBe("Gradient descent, how neural networks learn");
    // The question names more than the title: a subject topic would keep the topic, a question never.
    expect(courseTitle("What is a neural network and how does it learn?", "But what is a neural network? | Chapter 1, Deep learning")).toBe(
      "What is a neural network?",
    );
    expect(courseTitle("How does recursion work?", "Recursion explained with Russian dolls")).toBe("Recursion explained with Russian dolls");
    expect(courseTitle("¿Cómo aprenden las redes neuronales?", "Descenso de gradiente, cómo aprenden las redes neuronales | Capítulo 2", "es")).toBe(
      "Descenso de gradiente, cómo aprenden las redes neuronales",
    );
    expect(courseTitle("Wie lernen neuronale Netze?", "Gradientenabstieg, wie neuronale Netze lernen | Kapitel 2, Deep Learning", "de")).toBe(
      "Gradientenabstieg, wie neuronale Netze lernen",
    );
    expect(courseTitle("神经网络是如何学习的", "梯度下降，神经网络如何学习 |第 2 章，深度学习", "zh")).toBe("梯度下降，神经网络如何学习");
    expect(courseTitle("كيف تتعلم الشبكات العصبية", "النسب المتدرج، كيف تتعلم الشبكات العصبية | الفصل الثاني، التعلم العميق", "ar")).toBe(
      "النسب المتدرج، كيف تتعلم الشبكات العصبية",
    );
  });

  it("opens no part of a title with a connective", () => {
    expect(courseTitle("neural networks", "But what is a neural network? | Chapter 1, Deep learning")).toBe("What is a neural network?");
    expect(courseTitle("deep learning", "But what is a neural network? | Chapter 1, Deep learning")).toBe("Deep Learning: What is a neural network?");
    // A course from a link keeps the whole title, less the connective.
    expect(courseTitle("Pero ¿qué es una red neuronal? | Capítulo 1", "Pero ¿qué es una red neuronal? | Capítulo 1", "es")).toBe(
      "¿Qué es una red neuronal? | Capítulo 1",
    );
  });

  it("ends the description's lead before the sentence that lists the chapters", () => {
    const video = {
      title: "Why light bends | Optics puzzles 2",
      description: "An explanation of the barber pole effect and a lesson on diffraction\n0:00 Intro",
    };
    expect(courseDescription(video, ["Intro", "Diffraction"], "en")).toBe(
      'An explanation of the barber pole effect and a lesson on diffraction. This course follows the video "Why light bends" in 2 chapters: Intro; Diffraction.',
    );
    const hindi = { title: "प्रकाश क्यों मुड़ता है", description: "नाई के खंभे के प्रभाव की एक व्याख्या और विवर्तन पर एक पाठ" };
    expect(courseDescription(hindi, ["परिचय"], "hi")).toMatch(/^नाई के खंभे के प्रभाव की एक व्याख्या और विवर्तन पर एक पाठ। यह कोर्स/);
  });

  it("takes the first plain line of the description, never links or credits", () => {
    expect(descriptionLead("https://example.com/x\nSupport the channel on Patreon please\nA visual for derivatives that generalizes nicely.\n0:00 Intro")).toBe(
      "A visual for derivatives that generalizes nicely.",
    );
    expect(descriptionLead("0:00 Intro\n1:00 Part two")).toBeNull();
  });

  it("describes the course from the description and the chapter titles", async () => {
    const outline = await engine.structure(inputOf(coffee));
    expect(outline.title).toBe("Better coffee at home");
    expect(outline.description).toContain("How beans, grinding and brewing shape the taste of your coffee.");
    for (const c of outline.chapters) expect(outline.description).toContain(c.title);
    expect(outline.description).toBe(
      courseDescription(
        coffee,
        outline.chapters.map((c) => c.title),
        "en",
      ),
    );
  });
});

describe("courses in other languages", () => {
  /** Eight minutes of Spanish on two topics, a sentence every 10 s. */
  function spanish(): StructureInput {
    const volcanes = [
      "Los volcanes expulsan lava y ceniza durante una erupción.",
      "La cámara de magma alimenta la erupción del volcán.",
      "La lava del volcán se enfría y forma roca basáltica.",
      "Cada erupción del volcán deja capas de ceniza volcánica.",
    ];
    const planetas = [
      "Muy bien, pasemos ahora a las órbitas de los planetas.",
      "La gravedad del sol mantiene la órbita de cada planeta.",
      "Un planeta lejano tarda más en completar su órbita elíptica.",
      "La órbita elíptica del planeta explica las estaciones del año.",
    ];
    const texts = [...Array.from({ length: 24 }, (_, i) => volcanes[i % 4]!), ...Array.from({ length: 24 }, (_, i) => planetas[i % 4]!)];
    return {
      topic: "",
      complexity: "intermediate",
      additionalInstructions: null,
      video: { title: "Volcanes y planetas", description: "", durationSeconds: 480, language: "es" },
      segments: texts.map((text, index) => ({ index, startMs: index * 10_000, endMs: index * 10_000 + 9_000, text })),
      creatorChapters: [],
    };
  }

  it("finds the turn between the topics and titles them with the transcript's own phrases", async () => {
    const input = spanish();
    const outline = await createOfflineEngine().structure(input);
    expect(outlineProblems(outline, input.segments)).toEqual([]);
    const starts = outline.chapters.map((c) => input.segments[c.sections[0]!.startSegment]!.startMs);
    expect(starts.some((ms) => Math.abs(ms - 240_000) <= 20_000)).toBe(true);
    const titles = outline.chapters.flatMap((c) => [c.title, ...c.sections.map((s) => s.title)]);
    for (const title of titles) expect(title).not.toMatch(/\b(?:Part|Overview)\b/);
    const vocabulary = input.segments.map((s) => s.text.toLowerCase()).join(" ");
    for (const title of titles) expect(vocabulary).toContain(title.replace(/ \(\d+\)$/, "").toLowerCase());
  });

  it("detects the transcript's language when nobody gives it", async () => {
    const given = spanish();
    const unsaid = { ...given, video: { ...given.video, language: undefined } };
    const engine = createOfflineEngine();
    expect(await engine.structure(unsaid)).toEqual(await engine.structure(given));
  });
});

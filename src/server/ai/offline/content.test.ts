import { describe, expect, it } from "vitest";

import { KEY_POINTS_HEADING, TRANSCRIPT_HEADING } from "~/lib/section-content";
import { isPunctuated } from "~/lib/sentences";

import {
  keyPointCoverage,
  keyPoints,
  paragraphs,
  pointBudget,
  spokenSentences,
  standAlone,
  summarise,
  termVectors,
  textRank,
  writeContent,
  type WritableSentence,
} from "./content";
import { cleanSentence, tokenize } from "~/server/language/text";

/** Segments 10 s apart from `startSeconds`, as the engine hands them over (their pauses short). */
function segmentsOf(texts: readonly string[], startSeconds = 0): WritableSentence[] {
  return texts.map((text, i) => ({
    text,
    stems: tokenize(text),
    startMs: (startSeconds + i * 10) * 1000,
    endMs: (startSeconds + i * 10 + 8) * 1000,
    pauseBeforeMs: i === 0 ? 0 : 300,
  }));
}

/** How a sentence of the lesson reads as a key point. */
const asPoint = (text: string) => cleanSentence(standAlone(cleanSentence(text)));

const LESSON = [
  "Hey everyone, welcome back to the garden channel.",
  "Um, so today we look at how plants make their own food.",
  "Plants capture sunlight with a green pigment called chlorophyll.",
  "Chlorophyll sits inside chloroplasts, small structures in the leaf cells.",
  "Why would a plant bother with all of this?",
  "As you can see right here, the leaves are turned towards the window.",
  "Photosynthesis turns sunlight, water and carbon dioxide into glucose and oxygen.",
  "The glucose feeds the plant, and the oxygen leaves through pores in the leaf.",
  "Those pores are called stomata, and they open and close during the day.",
  "It does it with them when they need it.",
  "Uh, you know, without photosynthesis there would be no oxygen in the air we breathe.",
  "Okay so photosynthesis turns sunlight, water and carbon dioxide into glucose and oxygen, right.",
  "Water reaches the leaves through the roots and the stem of the plant.",
  "So that is the big picture of how plants make food from sunlight.",
];

describe("standAlone", () => {
  it("strips leading connectives and re-capitalises", () => {
    expect(standAlone("So, and now the slope is positive.")).toBe("The slope is positive.");
    expect(standAlone("Well, in other words, the function grows.")).toBe("The function grows.");
    expect(standAlone("Okay so I mean the function grows.")).toBe("The function grows.");
    expect(standAlone("So what.")).toBe("So what."); // too little left: keep as is
    // Openers that can be part of the sentence go only when a comma marks them as fillers.
    expect(standAlone("Here is the rule for the slope.")).toBe("Here is the rule for the slope.");
    expect(standAlone("Like charges repel each other.")).toBe("Like charges repel each other.");
    expect(standAlone("So that is the whole picture.")).toBe("That is the whole picture.");
    expect(standAlone("That is, the function grows.")).toBe("The function grows.");
    expect(standAlone("And secondly, the smaller the step, the better.")).toBe("The smaller the step, the better.");
  });
});

describe("paragraphs", () => {
  const lesson = segmentsOf(LESSON.slice(1, 9));

  it("gives beginners shorter paragraphs than advanced learners", () => {
    const beginner = paragraphs(lesson, "beginner");
    const advanced = paragraphs(lesson, "advanced");
    expect(beginner.length).toBeGreaterThan(advanced.length);
    for (const p of beginner) expect(p.length).toBeLessThanOrEqual(380 + 200);
  });

  it("breaks at a long pause or a strong discourse marker", () => {
    const result = paragraphs(segmentsOf(["First idea here.", "Still the first idea.", "All right, a new idea now.", "More on it."]), "advanced");
    expect(result).toEqual(["First idea here. Still the first idea.", "All right, a new idea now. More on it."]);
    const paused = segmentsOf(["One.", "Two.", "Three."]);
    paused[2]!.pauseBeforeMs = 4_000;
    expect(paragraphs(paused, "advanced")).toEqual(["One. Two.", "Three."]);
  });

  it("cleans every sentence and drops filler-only ones", () => {
    expect(paragraphs(segmentsOf(["um uh", "uh the the answer is four"]), "beginner")).toEqual(["The answer is four."]);
  });
});

describe("spokenSentences", () => {
  it("splits a segment holding two sentences, timing the second inside it", () => {
    const [segment] = segmentsOf(["The first sentence ends here. The second one starts halfway through."]);
    const { punctuated, sentences } = spokenSentences([segment!]);
    expect(punctuated).toBe(true);
    expect(sentences.map((s) => s.text)).toEqual(["The first sentence ends here.", "The second one starts halfway through."]);
    expect(sentences[0]!.startMs).toBe(0);
    expect(sentences[1]!.startMs).toBeGreaterThan(2_000);
    expect(sentences[1]!.startMs).toBeLessThan(6_000);
  });

  it("joins a sentence that runs on into the next segment", () => {
    const { sentences } = spokenSentences(segmentsOf(["The derivative of a function is", "the rate at which it changes.", "It has a slope."]));
    expect(sentences.map((s) => s.text)).toEqual(["The derivative of a function is the rate at which it changes.", "It has a slope."]);
    expect(sentences.map((s) => s.startMs)).toEqual([0, 20_000]);
  });

  it("cuts unpunctuated captions into pseudo-sentences before a clause opener", () => {
    const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(" ");
    const text = `${words(20, "plants")} so ${words(19, "leaves")} and then ${words(18, "roots")}`;
    const { punctuated, sentences } = spokenSentences(segmentsOf([text]));
    expect(punctuated).toBe(false);
    expect(sentences.map((s) => s.text.split(" ")[0])).toEqual(["plants", "so", "and"]);
    expect(sentences.map((s) => s.text).join(" ")).toBe(text);
    const starts = sentences.map((s) => s.startMs);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.at(-1)!).toBeLessThan(8_000);
  });

  it("tells punctuated captions from auto-captions", () => {
    const asWords = (text: string) => text.split(" ").map((w) => ({ text: w }));
    expect(isPunctuated(asWords(LESSON.join(" ")))).toBe(true);
    expect(isPunctuated(asWords(LESSON.join(" ").replace(/[.?!,]/g, "")))).toBe(false);
  });
});

describe("keyPoints", () => {
  const lesson = segmentsOf(LESSON);
  const points = keyPoints(lesson);

  it("picks 2-4 real sentences of the section, in video order, each at its start", () => {
    expect(points.length).toBeGreaterThanOrEqual(2);
    expect(points.length).toBeLessThanOrEqual(4);
    for (const point of points) {
      const index = LESSON.findIndex((text) => asPoint(text) === point.text);
      expect(index, point.text).toBeGreaterThanOrEqual(0);
      expect(point.seconds).toBe(index * 10);
    }
    const times = points.map((p) => p.seconds);
    expect(times).toEqual([...new Set(times)].sort((a, b) => a - b));
  });

  it("strips fillers and leading connectives", () => {
    for (const point of points) {
      expect(point.text).not.toMatch(/\b(?:um|uh|you know)\b|^(?:so|okay|and|but)\b/i);
      expect(point.text).toMatch(/^[A-Z].*[.!]$/);
    }
  });

  it("leaves out greetings, questions, pointing at the screen and sentences of pronouns", () => {
    const texts = points.map((p) => p.text).join("\n");
    expect(texts).not.toMatch(/welcome|\?|as you can see|It does it with them/i);
  });

  it("does not repeat itself: of two near-identical sentences at most one is a point", () => {
    expect(points.filter((p) => /^Photosynthesis turns sunlight/.test(p.text)).length).toBeLessThanOrEqual(1);
  });

  it("is not simply the opening of the section", () => {
    expect(points.map((p) => p.seconds)).not.toEqual(points.map((_, i) => i * 10));
  });

  it("gives a short section fewer points, and none when nothing can stand alone", () => {
    expect(keyPoints(segmentsOf(LESSON.slice(2, 4)))).toHaveLength(1);
    expect(keyPoints(segmentsOf(["Why would a plant bother with all of this?", "Um, so.", "It does it with them when they need it."]))).toEqual([]);
    expect(keyPoints([])).toEqual([]);
    expect(pointBudget(0)).toBe(0);
    expect(pointBudget(3)).toBe(1);
    expect(pointBudget(5)).toBe(2);
    expect(pointBudget(40)).toBe(4);
  });

  it("works on unpunctuated captions: pseudo-sentences that end where a clause can", () => {
    const flat = LESSON.join(" ")
      .toLowerCase()
      .replace(/[.?!,]/g, "");
    const words = flat.split(" ");
    const half = Math.ceil(words.length / 2);
    const auto = segmentsOf([words.slice(0, half).join(" "), words.slice(half).join(" ")]);
    const found = keyPoints(auto);
    expect(found.length).toBeGreaterThanOrEqual(1);
    for (const point of found) {
      // Cleaning drops a word said twice in a row, here across a sentence the captions run together.
      expect(flat.replace(/\b(\w+) \1\b/g, "$1")).toContain(point.text.toLowerCase().replace(/[.]$/, ""));
      expect(point.text).not.toMatch(/\b(?:the|of|and|a|to)\.$/);
      expect(point.seconds).toBeLessThan(18);
    }
  });
});

describe("textRank", () => {
  it("ranks the sentence that shares most with the others highest", () => {
    const { vectors, size } = termVectors([["a"], ["b"], ["c"], ["a", "b", "c"]]);
    const scores = textRank(vectors, size);
    expect(scores.indexOf(Math.max(...scores))).toBe(3);
    expect(scores.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(textRank([], 0)).toEqual([]);
  });

  it("equals power iteration over the explicit cosine graph", () => {
    const stems = [["a", "b"], ["b", "c"], ["c", "a", "a"], ["d"], ["a", "d", "d"]];
    const idf = new Map([
      ["a", 1],
      ["b", 2],
      ["c", 0.5],
      ["d", 1.5],
    ]);
    const { vectors, size } = termVectors(stems, idf);
    const cos = (i: number, j: number) =>
      vectors[i]!.ids.reduce((sum, id, k) => sum + vectors[i]!.weights[k]! * (vectors[j]!.weights[vectors[j]!.ids.indexOf(id)] ?? 0), 0);
    const n = stems.length;
    const w = stems.map((_, i) => stems.map((_, j) => (i === j ? 0 : cos(i, j))));
    const degree = w.map((row) => row.reduce((a, b) => a + b, 0));
    let x = stems.map(() => 1 / n);
    for (let k = 0; k < 200; k++) x = x.map((_, i) => 0.15 / n + 0.85 * w[i]!.reduce((sum, wij, j) => sum + (wij * x[j]!) / degree[j]!, 0));
    textRank(vectors, size).forEach((score, i) => expect(score).toBeCloseTo(x[i]!, 5));
  });
});

describe("writeContent", () => {
  it("leads with timed key points, then the transcript under its own heading", () => {
    const content = writeContent(segmentsOf(LESSON, 3_720), "beginner");
    const [pointsBlock, heading, ...body] = content.split("\n\n");
    const [title, ...items] = pointsBlock!.split("\n");
    expect(title).toBe(KEY_POINTS_HEADING);
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items) expect(item).toMatch(/^- \[1:0\d:\d0\] [A-Z]/);
    expect(heading).toBe(TRANSCRIPT_HEADING);
    expect(body.length).toBeGreaterThanOrEqual(2);
    expect(body.join(" ")).not.toMatch(/\b(?:um|uh|you know)\b/i);
    expect(content).not.toMatch(/\n{3,}/);
  });

  it("is only the transcript when no sentence can be a point, and nothing for an empty span", () => {
    const content = writeContent(segmentsOf(["Why would a plant bother with all of this?", "It does it with them when they need it."]), "intermediate");
    expect(content).not.toContain(KEY_POINTS_HEADING);
    expect(content).not.toContain(TRANSCRIPT_HEADING);
    expect(content).toContain("Why would a plant bother with all of this?");
    expect(writeContent([], "intermediate")).toBe("");
  });

  it("summarises a chapter with its first-ranked key point", () => {
    const summary = summarise(segmentsOf(LESSON));
    expect(LESSON.map(asPoint)).toContain(summary);
    expect(summarise(segmentsOf(["Hi."]))).toBeNull();
  });
});

describe("keyPointCoverage", () => {
  const section = ["Chlorophyll captures sunlight in the leaf.", "Glucose feeds the plant.", "Stomata let oxygen out of the leaf."];

  it("is the share of the section's top terms its points mention", () => {
    expect(keyPointCoverage(section, section)).toBe(1);
    expect(keyPointCoverage([], section)).toBe(0);
    expect(keyPointCoverage(["Nothing related here at all."], section)).toBe(0);
    const partial = keyPointCoverage([section[0]!], section);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(1);
    expect(keyPointCoverage(["Anything."], [])).toBe(0);
  });

  it("weighs terms by the video's idf when given", () => {
    // "leaf" is everywhere in the video: worth little; the other terms decide the top ten.
    const idf = new Map([["leaf", 0.1]]);
    expect(keyPointCoverage(["The leaf."], section, idf)).toBeLessThanOrEqual(keyPointCoverage(["The leaf."], section));
  });
});

describe("key points in other languages", () => {
  it("picks Japanese sentences, which have no spaces, counting their words as Intl.Segmenter finds them", () => {
    const texts = [
      "火山は噴火のときに溶岩と火山灰を大量に噴き出します。",
      "地下のマグマだまりが火山の噴火を支えています。",
      "玄武岩の溶岩はゆっくり冷えて新しい岩石になります。",
      "地質学者は小さな地震を測定して次の噴火を予測します。",
      "火山灰の柱は何週間も周りの都市を覆うことがあります。",
      "火口は活動が終わると雨水で満たされて湖になります。",
    ];
    const sentences = texts.map((text, i) => ({ ...segmentsOf(texts)[i]!, stems: tokenize(text, "ja") }));
    const points = keyPoints(sentences, { language: "ja", parsedPoints: false });
    expect(points.length).toBeGreaterThanOrEqual(2);
    for (const point of points) expect(texts).toContain(point.text);
  });
});

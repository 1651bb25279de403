/**
 * The offline quiz builder on real transcripts: our fixture videos, and (when present) a few of
 * the shared fixture videos. Sections come from the offline course engine, timed as save-course
 * times them, so the quizzes are built exactly as in production.
 */
import { existsSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { inSection, QUIZ_TOO_SHORT_MESSAGE, quizWindow, type GeneratedQuiz, type QuizSource } from "~/server/ai/quiz/types";
import { isAppError } from "~/server/errors";
import type { TimedSegment } from "~/server/video/types";

import { librarySectionSources } from "../../../../test/fixtures/quiz-sources";
import { SHARED_VIDEOS } from "../../../../test/fixtures/video-folder";

import { tag } from "./nlp";
import { articleFits, CLOZE_PREFIX, contentLemmas, isTrueIn, lemmaOf, planOfflineQuiz } from "./quiz";
import { buildOfflineQuiz } from "./quiz-engine";
import { distinctOptions, optionKey, QUIZ_WINDOW_MIN_WORDS } from "./quiz-options";
import { cleanSentence } from "~/server/language/text";

const OWN_DIR = "test/fixtures/videos";
const SHARED_DIR = SHARED_VIDEOS;
const SHARED_IDS = ["3d6DsjIBzJ4", "CfW845LNObM", "EK32jo7i5LQ"];

/** Normalised for "is this text in the transcript": the builder only cleans fillers and spacing. */
const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const textOf = (source: QuizSource, positions: readonly number[]) => norm(positions.map((p) => cleanSentence(source.segments[p]!.text)).join(" "));

/**
 * Checks a quiz; `positions` are the segments its answers must come from (the section's own,
 * unless it is known to be short).
 */
function expectSoundQuiz(quiz: GeneratedQuiz, source: QuizSource, positions: readonly number[]): void {
  expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
  expect(quiz.questions.length).toBeLessThanOrEqual(5);
  expect(quiz.title).toContain(source.sectionTitle);
  const text = textOf(source, positions);
  const end = source.timeEnd ?? Infinity;
  for (const q of quiz.questions) {
    expect(q.options, q.questionText).toHaveLength(4);
    expect(new Set(q.options.map((o) => o.toLowerCase())).size, `options repeat: ${q.options.join(" | ")}`).toBe(4);
    expect(
      q.options.filter((o) => o === q.correctAnswer),
      q.questionText,
    ).toHaveLength(1);
    expect(q.explanation.length).toBeGreaterThan(10);
    // The transcript moment lies inside the section.
    expect(q.sourceTime).toBeGreaterThanOrEqual(source.timeStart);
    if (end > source.timeStart) expect(q.sourceTime).toBeLessThan(end);
    else expect(q.sourceTime).toBe(source.timeStart);
    if (q.questionText.startsWith("Complete what the video says")) {
      // The blanked sentence with the right term filled in is a real sentence of the section.
      const sentence = /"(.*)"$/.exec(q.questionText)?.[1] ?? "";
      expect(sentence).toContain("_____");
      expect(text).toContain(norm(sentence.replace("_____", q.correctAnswer)));
      // No distractor turns it into something the section says.
      for (const wrong of q.options.filter((o) => o !== q.correctAnswer)) expect(text).not.toContain(norm(sentence.replace("_____", wrong)));
    } else {
      expect(q.questionText).toBe("Which statement does the video make in this section?");
      expect(text).toContain(norm(q.correctAnswer));
      for (const wrong of q.options.filter((o) => o !== q.correctAnswer)) expect(text).not.toContain(norm(wrong));
    }
  }
}

describe("buildOfflineQuiz on our fixture videos", () => {
  for (const videoId of ["binSearch01", "hashTable01", "recursion01"]) {
    it(`${videoId}: every section gets a sound quiz grounded in its transcript`, async () => {
      const sections = await librarySectionSources(OWN_DIR, videoId);
      expect(sections.length).toBeGreaterThan(0);
      for (const section of sections) {
        // Answers come from the section's own transcript, plus neighbours only up to the
        // minimum word count when the section is short (never a wider borrowing here).
        const { window: firstWindow } = quizWindow(section, QUIZ_WINDOW_MIN_WORDS);
        const { quiz, window } = planOfflineQuiz(section);
        expect(window).toEqual(firstWindow);
        expectSoundQuiz(quiz, section, window);
      }
    });
  }

  it("mixes cloze and statement questions, and the correct option is not always in one place", async () => {
    const sections = await librarySectionSources(OWN_DIR, "binSearch01");
    const questions = sections.flatMap((s) => buildOfflineQuiz(s).questions);
    expect(questions.some((q) => q.questionText.startsWith("Complete what the video says"))).toBe(true);
    expect(questions.some((q) => q.questionText.startsWith("Which statement"))).toBe(true);
    const positions = new Set(questions.map((q) => q.options.indexOf(q.correctAnswer)));
    expect(positions.size).toBeGreaterThanOrEqual(3);
  });

  it("is deterministic: the same section gives the same quiz", async () => {
    const [first] = await librarySectionSources(OWN_DIR, "hashTable01");
    const again = (await librarySectionSources(OWN_DIR, "hashTable01"))[0]!;
    expect(buildOfflineQuiz(again)).toEqual(buildOfflineQuiz(first!));
    expect(buildOfflineQuiz({ ...first!, segments: [...first!.segments] })).toEqual(buildOfflineQuiz(first!));
  });

  it("questions follow the video's order", async () => {
    const sections = await librarySectionSources(OWN_DIR, "binSearch01");
    for (const section of sections) {
      const times = buildOfflineQuiz(section).questions.map((q) => q.sourceTime);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });
});

describe("buildOfflineQuiz on short sections", () => {
  it("a section of a few seconds borrows neighbouring text and still gets ≥ 3 questions inside it", async () => {
    const sections = await librarySectionSources(OWN_DIR, "binSearch01");
    const base = sections[1]!;
    const first = base.segments.find((s) => inSection(s, base))!;
    const tiny: QuizSource = { ...base, timeStart: Math.floor(first.startMs / 1000), timeEnd: Math.floor(first.startMs / 1000) + 2 };
    expect(base.segments.filter((s) => inSection(s, tiny)).length).toBe(1);
    const { quiz, window } = planOfflineQuiz(tiny);
    expect(window.length).toBeGreaterThan(1);
    expectSoundQuiz(quiz, tiny, window);
    for (const q of quiz.questions) expect([tiny.timeStart, tiny.timeStart + 1]).toContain(q.sourceTime);
  });

  it("a zero-length section (timeEnd = timeStart) gets its questions at its start", async () => {
    const sections = await librarySectionSources(OWN_DIR, "binSearch01");
    const base = sections[2]!;
    const zero: QuizSource = { ...base, timeEnd: base.timeStart };
    const quiz = buildOfflineQuiz(zero);
    expect(quiz.questions.every((q) => q.sourceTime === base.timeStart)).toBe(true);
  });

  it("a quiz draws on at most about ten minutes of speech around its section, not on the whole video", async () => {
    // Two minutes of the same sung line, the lesson, then a long run of that line again: the
    // lesson is within reach of a section in the opening minutes, not of one far past it.
    const lesson = (await librarySectionSources(OWN_DIR, "binSearch01"))[0]!.segments;
    const chorus = (count: number, fromMs: number): TimedSegment[] =>
      Array.from({ length: count }, (_, k) => ({ index: 0, startMs: fromMs + k * 2000, endMs: fromMs + k * 2000 + 1900, text: "la la la la la la" }));
    const lessonEndMs = 120_000 + lesson.at(-1)!.endMs;
    const segments = [
      ...chorus(60, 0),
      ...lesson.map((s) => ({ ...s, startMs: s.startMs + 120_000, endMs: s.endMs + 120_000 })),
      ...chorus(2_000, lessonEndMs),
    ].map((s, index) => ({ ...s, index }));
    const near: QuizSource = { courseTitle: "C", sectionTitle: "Opening", timeStart: 0, timeEnd: 60, segments };
    const { quiz, window } = planOfflineQuiz(near);
    expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
    expect(window.length).toBeGreaterThan(60);
    // Past the lesson by more than the widest window (1,440 words: 240 lines of six): no quiz.
    const farStart = Math.ceil((lessonEndMs + 300 * 2000) / 1000);
    let caught: unknown;
    try {
      buildOfflineQuiz({ courseTitle: "C", sectionTitle: "Far", timeStart: farStart, timeEnd: farStart + 60, segments });
    } catch (error) {
      caught = error;
    }
    expect((caught as Error).message).toBe(QUIZ_TOO_SHORT_MESSAGE);
  });

  it("a video with too little text → AppError UNPROCESSABLE with a clear message", () => {
    const segments: TimedSegment[] = [
      { index: 0, startMs: 0, endMs: 3000, text: "Hello there." },
      { index: 1, startMs: 3000, endMs: 6000, text: "Thanks for watching." },
    ];
    let caught: unknown;
    try {
      buildOfflineQuiz({ courseTitle: "C", sectionTitle: "S", timeStart: 0, timeEnd: null, segments });
    } catch (error) {
      caught = error;
    }
    expect(isAppError(caught)).toBe(true);
    expect((caught as Error).message).toBe(QUIZ_TOO_SHORT_MESSAGE);
    expect((caught as { code: string }).code).toBe("UNPROCESSABLE");
  });
});

describe.skipIf(!existsSync(SHARED_DIR))("buildOfflineQuiz on the shared fixture videos", () => {
  for (const videoId of SHARED_IDS) {
    it(`${videoId}: every section gets a sound quiz`, async () => {
      const sections = await librarySectionSources(SHARED_DIR, videoId);
      let fromOwnText = 0;
      for (const section of sections) {
        const { own } = quizWindow(section, QUIZ_WINDOW_MIN_WORDS);
        const { quiz, window } = planOfflineQuiz(section);
        expect(window).toEqual(expect.arrayContaining(own));
        expectSoundQuiz(quiz, section, window);
        if (window.length === own.length) fromOwnText += 1;
      }
      // Borrowing neighbouring text is the exception, not the rule.
      expect(fromOwnText / sections.length).toBeGreaterThanOrEqual(0.75);
    });
  }
});
if (!existsSync(SHARED_DIR)) console.log(`skipping the shared-fixture quiz tests: ${SHARED_DIR} is absent`);

/* ------------------------------------------------------------------ the distractor rules */

describe("the rules a wrong option is held to", () => {
  it("an article fits the sound, not the spelling, of the word after it", () => {
    expect(articleFits("a", "vector")).toBe(true);
    expect(articleFits("an", "eigenvector")).toBe(true);
    expect(articleFits("a", "eigenvector")).toBe(false);
    expect(articleFits("a", "unit")).toBe(true);
    expect(articleFits("an", "unit")).toBe(false);
    expect(articleFits("an", "umbrella")).toBe(true);
    expect(articleFits("An", "hour")).toBe(true);
    expect(articleFits("an", "SVD")).toBe(true);
    expect(articleFits("a", "GPU")).toBe(true);
    expect(articleFits("an", "8")).toBe(true);
    expect(articleFits("an", "11")).toBe(true);
    expect(articleFits("a", "110")).toBe(true);
    expect(articleFits("a", "one-off")).toBe(true);
  });

  it("options are told apart ignoring case, spacing and punctuation, and none may hold another", () => {
    expect(optionKey("Matrix, inverse!")).toBe("matrixinverse");
    expect(distinctOptions(["vector", "matrix", "scalar", "tensor"])).toBe(true);
    expect(distinctOptions(["Matrix", "matrix."])).toBe(false);
    expect(distinctOptions(["vector", "vectors"])).toBe(false);
    expect(distinctOptions(["eigen vector", "eigenvector"])).toBe(false);
  });

  it("content lemmas are the nouns, names, verbs, adjectives and numbers, plurals met with their singular", () => {
    expect(contentLemmas(tag("The matrices quickly rotate 3 unusual eigenvectors."))).toEqual(["matrix", "rotate", "3", "unusual", "eigenvector"]);
    const [eigenvectors] = tag("eigenvectors");
    expect(lemmaOf(eigenvectors!)).toBe("eigenvector");
    const [basis] = tag("basis");
    expect(lemmaOf(basis!)).toBe("basis");
  });

  it("a distractor is true where one sentence holds it with two thirds of the sentence's other content lemmas", () => {
    const others = new Set(["compiler", "turn", "source", "code"]); // needs 3 of 4
    const sentences = [new Set(["interpreter", "turn", "source", "code", "line"]), new Set(["interpreter", "run", "code"])];
    expect(isTrueIn(["interpreter"], others, sentences)).toBe(true);
    expect(isTrueIn(["linker"], others, sentences)).toBe(false);
    expect(isTrueIn(["interpreter"], others, [sentences[1]!])).toBe(false);
  });
});

/** A short lecture of our own on graphs: names, numbers, nouns of both numbers, verbs of several forms. */
const GRAPH_LECTURE = [
  "A graph is made of vertices and edges, and every edge joins two vertices.",
  "Euler studied the seven bridges of Koenigsberg in 1736.",
  "The bridges connected four land masses across the river Pregel.",
  "Euler proved that no walk crosses every bridge exactly once.",
  "A walk that uses every edge once is called an Euler path.",
  "The degree of a vertex counts the edges that touch it.",
  "Such a path exists when at most two vertices have an odd degree.",
  "Hamilton asked a different question about cycles that visit every vertex.",
  "A Hamilton cycle visits each vertex exactly once and returns to its start.",
  "Finding such a cycle is much harder than finding an Euler path.",
  "Dijkstra designed an algorithm that finds the shortest path between two vertices.",
  "The algorithm keeps a queue of vertices ordered by their distance from the source.",
  "Each step removes the closest vertex from the queue and relaxes its edges.",
  "Relaxing an edge updates the distance of a neighbour when a shorter route appears.",
  "On a graph with 1000 vertices the algorithm finishes in a few milliseconds.",
  "The compiler turns the source code of the algorithm into machine code.",
  "The interpreter turns the source code into machine code line by line.",
  "A tree is a connected graph without any cycle.",
  "Every tree with 10 vertices has exactly 9 edges.",
  "Kruskal built a spanning tree by adding the cheapest edges first.",
  "Prim grows the spanning tree from a single vertex instead.",
  "Both algorithms produce a tree of minimum total weight.",
  "The weight of an edge can model a distance, a cost or a delay.",
  "Networks of roads, pipes and cables are all weighted graphs.",
  "Engineers use these algorithms to plan routes for delivery trucks.",
  "A bipartite graph splits its vertices into two groups.",
  "Every edge of a bipartite graph joins one group to the other.",
  "The projection maps the embedding vectors to that same smaller dimensional space.",
  "Matrices like the projection are learned from the training data.",
  "Sorting the edges by weight takes most of the running time of Kruskal's method.",
];

const lectureSegments = (lines: readonly string[]): TimedSegment[] =>
  lines.map((text, index) => ({ index, startMs: index * 10_000, endMs: index * 10_000 + 9_000, text }));

/** Quizzes for the lecture cut into three sections. */
function lectureQuizzes(lines: readonly string[]): { source: QuizSource; quiz: GeneratedQuiz; window: number[] }[] {
  const segments = lectureSegments(lines);
  const third = Math.floor((lines.length * 10) / 3);
  return [
    [0, third],
    [third, 2 * third],
    [2 * third, null],
  ].map(([timeStart, timeEnd]) => {
    const source: QuizSource = { courseTitle: "Graphs", sectionTitle: "Part", timeStart: timeStart!, timeEnd: timeEnd ?? null, segments };
    return { source, ...planOfflineQuiz(source) };
  });
}

const wordsOf = (text: string) => tag(text).filter((t) => t.pos !== "PUNCT");
const isPluralNoun = (word: string) => {
  const [token] = tag(word);
  return token !== undefined && lemmaOf(token) !== token.normal;
};
const verbForm = (word: string) => (/ing$/.test(word) ? "ing" : /ed$/.test(word) ? "ed" : /s$/.test(word) ? "s" : "base");

describe("distractors on a lecture of our own", () => {
  const quizzes = lectureQuizzes(GRAPH_LECTURE);
  const questions = quizzes.flatMap(({ source, quiz, window }) => quiz.questions.map((q) => ({ q, source, window })));
  const cloze = questions.filter(({ q }) => q.questionText.startsWith(CLOZE_PREFIX));
  const sentenceOf = (questionText: string) => /"(.*)"$/.exec(questionText)![1]!;
  const fill = (questionText: string, option: string) => sentenceOf(questionText).replace("_____", option);
  const transcript = norm(GRAPH_LECTURE.join(" "));

  it("gives every section cloze and statement questions", () => {
    expect(cloze.length).toBeGreaterThanOrEqual(4);
    expect(questions.some(({ q }) => !q.questionText.startsWith(CLOZE_PREFIX))).toBe(true);
  });

  it("the correct cloze option is the transcript's own word, spelt and cased as there", () => {
    for (const { q } of cloze) {
      const filled = fill(q.questionText, q.correctAnswer);
      expect(
        GRAPH_LECTURE.some((line) => line.includes(filled.slice(1, -1))),
        filled,
      ).toBe(true);
    }
  });

  it("a wrong cloze option is tagged in place as the answer is, of the same number or verb form, and fits its article", () => {
    for (const { q } of cloze) {
      const blank = sentenceOf(q.questionText).indexOf("_____");
      const tagAt = (option: string) => tag(fill(q.questionText, option)).find((t) => t.offset === blank);
      const answer = tagAt(q.correctAnswer)!;
      const article = wordsOf(sentenceOf(q.questionText).slice(0, blank)).at(-1)?.text ?? "";
      for (const option of q.options) {
        const token = tagAt(option);
        expect(token?.pos, `${option} for ${q.correctAnswer}: ${q.questionText}`).toBe(answer.pos);
        if (answer.pos === "NOUN") expect(isPluralNoun(option), `${option} for ${q.correctAnswer}`).toBe(isPluralNoun(q.correctAnswer));
        if (answer.pos === "VERB") expect(verbForm(option.toLowerCase()), `${option} for ${q.correctAnswer}`).toBe(verbForm(q.correctAnswer.toLowerCase()));
        if (answer.pos === "NUM") expect(option).toMatch(/^\d/);
        if (answer.pos === "PROPN") expect(option).toMatch(/^\p{Lu}/u);
        if (/^an?$/i.test(article)) expect(articleFits(article, option), `${article} ${option}`).toBe(true);
      }
    }
  });

  it("no wrong option makes text of the video, or a sentence the section says by the co-occurrence rule", () => {
    for (const { q, source, window } of questions) {
      const sentences = window.map((p) => new Set(contentLemmas(tag(source.segments[p]!.text))));
      for (const option of q.options.filter((o) => o !== q.correctAnswer)) {
        if (!q.questionText.startsWith(CLOZE_PREFIX)) {
          expect(transcript).not.toContain(norm(option));
          continue;
        }
        expect(transcript).not.toContain(norm(fill(q.questionText, option)));
        const others = new Set(contentLemmas(tag(fill(q.questionText, q.correctAnswer))));
        for (const lemma of contentLemmas(tag(q.correctAnswer))) others.delete(lemma);
        expect(isTrueIn(contentLemmas(tag(option)), others, sentences), `${option}: ${q.questionText}`).toBe(false);
      }
    }
  });

  it("no two options are alike and none holds another", () => {
    for (const { q } of questions) expect(distinctOptions(q.options), q.options.join(" | ")).toBe(true);
  });
});

describe("near-twin sentences", () => {
  it("never offers the word that makes the twin sentence true ('interpreter' for 'compiler')", () => {
    const lines = [
      "The compiler turns source code into machine code before the program runs.",
      "The interpreter turns source code into machine code while the program runs.",
      "A linker joins object files into one executable program.",
      "The loader copies the executable program into memory.",
      "An assembler translates assembly language into machine code.",
      "The debugger stops the program at a breakpoint.",
      "A profiler measures where the program spends its time.",
      "The compiler checks the types of every variable.",
      "The interpreter reads one statement at a time.",
      "A debugger shows the value of every variable at the breakpoint.",
      "The linker resolves every symbol the object files use.",
      "The assembler writes object files for the linker.",
    ];
    const questions = lectureQuizzes(lines).flatMap(({ quiz }) => quiz.questions);
    const twins = questions.filter((q) => /turns source code/.test(q.questionText) || q.options.some((o) => /turns source code/.test(o)));
    expect(twins.length).toBeGreaterThan(0);
    for (const q of twins) {
      const wrong = q.options.filter((o) => o !== q.correctAnswer);
      for (const option of wrong) {
        expect(option).not.toBe("The interpreter turns source code into machine code before the program runs.");
        expect(option).not.toBe("The compiler turns source code into machine code while the program runs.");
        if (q.correctAnswer === "compiler") expect(option).not.toBe("interpreter");
        if (q.correctAnswer === "interpreter") expect(option).not.toBe("compiler");
      }
    }
  });
});

describe("automatic captions without punctuation", () => {
  it("long unpunctuated runs are cut into clauses a question can be asked on, timed within their segment", () => {
    const flat = GRAPH_LECTURE.map((line) => line.toLowerCase().replace(/[^a-z0-9' ]+/g, ""));
    // Captions merged into 30-second runs of speech with no sentence ends.
    const runs = Array.from({ length: Math.ceil(flat.length / 3) }, (_, k) => flat.slice(3 * k, 3 * k + 3).join(" "));
    const segments = runs.map((text, index) => ({ index, startMs: index * 30_000, endMs: index * 30_000 + 29_000, text }));
    const source: QuizSource = { courseTitle: "Graphs", sectionTitle: "All", timeStart: 0, timeEnd: null, segments };
    const quiz = buildOfflineQuiz(source);
    expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
    for (const q of quiz.questions) {
      expect(q.options.every((o) => o.split(/\s+/).length <= 40)).toBe(true);
      expect(distinctOptions(q.options)).toBe(true);
      if (q.questionText.startsWith(CLOZE_PREFIX))
        expect(norm(runs.join(" "))).toContain(norm(/"(.*)"$/.exec(q.questionText)![1]!.replace("_____", q.correctAnswer)));
    }
  });
});

import { describe, expect, test } from "vitest";

import { SHARED_TRANSLATIONS, SHARED_VIDEOS, readVideoFolder } from "../../../test/fixtures/video-folder";
import { evaluateQuestionSearch } from "./question-search-eval";
import { QUESTION_TOPICS } from "./question-topics";

const corpusPresent = readVideoFolder(SHARED_VIDEOS).length > 0;
if (!corpusPresent) console.info(`question search evaluation: skipped, ${SHARED_VIDEOS} not found (it exists in CI and the dev workspace)`);

describe("the labelled question set", () => {
  test("covers every language, every answering video of the corpus, and keeps its English tuning questions apart", () => {
    expect(new Set(QUESTION_TOPICS.map((topic) => topic.language))).toEqual(new Set(["en", "es", "de", "fr", "pt", "ja", "zh", "ar", "hi"]));
    const english = QUESTION_TOPICS.filter((topic) => topic.language === "en");
    expect(new Set(english.map((topic) => topic.videoId)).size).toBe(32);
    expect(english.filter((topic) => topic.split === "tune")).toHaveLength(32);
    expect(QUESTION_TOPICS.filter((topic) => topic.language !== "en").every((topic) => topic.split === "held-out")).toBe(true);
    expect(new Set(QUESTION_TOPICS.map((topic) => `${topic.language}:${topic.question}`)).size).toBe(QUESTION_TOPICS.length);
  });
});

/**
 * The figures of `npm run eval:search` for question-shaped topics, held as floors. Before the
 * title's subject and series were told apart (and a word repeated in the transcript counted
 * three quarters rather than half), the set scored 87.5% on the tuning questions and 73.3% held
 * out (72.6% in the other languages), and "How do neural networks learn?" found "But what is a
 * neural network?".
 */
describe.skipIf(!corpusPresent)("question-shaped topics on the shared corpus", () => {
  test("find the video that answers them: the issue's question, and top-1 floors on the tuning and held-out questions", async () => {
    const result = await evaluateQuestionSearch(SHARED_VIDEOS, SHARED_TRANSLATIONS);
    const missed = result.outcomes.filter((o) => o.picked !== o.videoId).map((o) => `${o.language} ${o.question} → ${o.pickedTitle ?? "nothing"}`);
    const picked = (language: string, question: string) => result.outcomes.find((o) => o.language === language && o.question === question)?.picked;
    expect(picked("en", "How do neural networks learn?")).toBe("IHZwWFHWa-w");
    expect(picked("en", "What is a neural network?")).toBe("aircAruvnKk");
    expect(picked("es", "¿Cómo aprenden las redes neuronales?")).toBe("IHZwWFHWa-w");
    expect(picked("zh", "神经网络是如何学习的？")).toBe("IHZwWFHWa-w");
    expect(result.top1.tune, missed.join("\n")).toBeGreaterThanOrEqual(0.9);
    expect(result.top1.heldOut, missed.join("\n")).toBeGreaterThanOrEqual(0.77);
    expect(result.top1.heldOutOtherLanguages, missed.join("\n")).toBeGreaterThanOrEqual(0.74);
  }, 180_000);
});

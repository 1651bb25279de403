import { describe, expect, test } from "vitest";

import { COPY_CREDIT, gradeOpenAnswer, openFeedback } from "./grade-open";

const question = {
  questionText: 'In your own words, what does the video say about "hash function"?',
  reference: "A hash function turns a key into a bucket number, and a good one spreads the keys evenly over the buckets.",
  keyIdeas: ["key", "bucket number", "spreads", "evenly"],
};

const credit = (answer: string) => gradeOpenAnswer(answer, question, "en").credit;

describe("gradeOpenAnswer", () => {
  test("a restatement in other words earns more than an on-topic answer without the key ideas, which earns more than an unrelated one", () => {
    const restated = credit("It maps each key to the number of a bucket; good ones spread keys out evenly.");
    const onTopic = credit("A hash function is a function that hashing uses, and it is important for hash tables.");
    const unrelated = credit("Photosynthesis turns sunlight into sugar in the leaves of plants.");
    expect(restated).toBeGreaterThanOrEqual(0.75);
    expect(onTopic).toBeLessThan(restated);
    expect(unrelated).toBeLessThanOrEqual(onTopic);
    expect(unrelated).toBe(0);
  });

  test("inflections count: 'spreading' says 'spreads', 'buckets' says 'bucket'", () => {
    expect(credit("Keys get spread evenly, each to a bucket's number.")).toBe(1);
  });

  test("an answer that copies the question earns at most COPY_CREDIT, and is told so", () => {
    const copy = gradeOpenAnswer(question.questionText, question, "en");
    expect(copy.credit).toBeLessThanOrEqual(COPY_CREDIT);
    expect(copy.copied).toBe(true);
    expect(openFeedback(copy, 75, "en")).toBe("Your answer repeats the question. Say what the video explains at 1:15, in your own words.");
  });

  test("the feedback names the missing ideas and the moment to rewatch", () => {
    const partial = gradeOpenAnswer("It turns a key into a bucket number.", question, "en");
    expect(partial.credit).toBe(0.5);
    expect(partial.missing).toEqual(["spreads", "evenly"]);
    expect(openFeedback(partial, 75, "en")).toBe("Your answer misses: spreads, evenly. Rewatch the explanation at 1:15.");
    expect(openFeedback(gradeOpenAnswer("A key goes to its bucket number; keys spread evenly.", question, "en"), 75, "en")).toBe(
      "Your answer covers the key ideas of what the video says.",
    );
  });

  test("an idea the question itself says is never graded, and a question without stored ideas is graded on its reference", () => {
    const withTopicIdea = { ...question, keyIdeas: ["hash function", "bucket number"] };
    expect(gradeOpenAnswer("bucket number", withTopicIdea, "en").credit).toBe(1);
    const legacy = { ...question, keyIdeas: [] };
    expect(gradeOpenAnswer("It turns a key into a bucket.", legacy, "en").credit).toBeGreaterThan(0);
  });

  test("grades in the course's language, with its feedback", () => {
    const spanish = {
      questionText: "Con tus propias palabras, ¿qué dice el vídeo sobre «búsqueda binaria»?",
      reference: "La búsqueda binaria divide la lista ordenada por la mitad en cada paso.",
      keyIdeas: ["lista ordenada", "mitad", "paso"],
    };
    const grade = gradeOpenAnswer("Parte la lista ordenada en dos mitades.", spanish, "es");
    expect(grade.credit).toBeCloseTo(0.67, 2);
    expect(openFeedback(grade, 30, "es")).toBe("A tu respuesta le falta: paso. Vuelve a ver la explicación en 0:30.");
  });

  test("grading is fast", () => {
    const long = "word ".repeat(150) + question.reference;
    const started = performance.now();
    for (let i = 0; i < 100; i++) gradeOpenAnswer(long, question, "en");
    expect((performance.now() - started) / 100).toBeLessThan(50);
  });
});

import { describe, expect, test } from "vitest";

import type { QuizSource } from "~/server/ai/quiz/types";

import { gradeOpenAnswer, LIST_FACTOR } from "./grade-open";
import { tokenize } from "~/server/language/text";

import { buildOpenQuestions, explainsMatcher, OPEN_QUESTIONS_PER_QUIZ } from "./open-questions";

/** A transcript of three sections, 60 s each, a line every 10 s. */
function source(lines: readonly string[][], section: number, language = "en"): QuizSource {
  const segments = lines.flat().map((text, index) => ({ index, text, startMs: index * 10_000, endMs: index * 10_000 + 9_000 }));
  return { courseTitle: "Hashing", sectionTitle: "Section", timeStart: section * 60, timeEnd: (section + 1) * 60, segments, language };
}

const HASHING = [
  [
    "A hash table stores values under keys in an array of buckets.",
    "Looking up a key in a hash table takes constant time on average.",
    "The hash table is the most used structure for lookups.",
    "Every hash table needs a way to choose a bucket for a key.",
    "Inserting into a hash table is just as fast as looking up.",
    "That is why the hash table is so popular.",
  ],
  [
    "A hash function turns a key into a bucket number, and a good hash function spreads the keys evenly over the buckets.",
    "A bad hash function puts many keys in one bucket.",
    "Collisions happen when the hash function gives two keys one bucket.",
    "Chaining keeps the colliding keys of a bucket in a list.",
    "Chaining makes a collision cost a short walk down the list.",
    "So the hash function and chaining decide the speed.",
  ],
  [
    "The load factor is the number of keys divided by the number of buckets.",
    "When the load factor grows, collisions grow too.",
    "Most tables resize when the load factor passes three quarters.",
    "Resizing brings the load factor back down.",
    "Resizing copies every key into a bigger array.",
    "Keep the load factor low and lookups stay fast.",
  ],
];

describe("buildOpenQuestions", () => {
  test("asks about the section's key phrases, with the video's own sentence as the reference, its key ideas and moment", () => {
    const questions = buildOpenQuestions(source(HASHING, 1));
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.length).toBeLessThanOrEqual(OPEN_QUESTIONS_PER_QUIZ);
    const [first] = questions;
    expect(first).toMatchObject({ kind: "open", options: [], questionText: 'In your own words, what does "hash function" mean, as the video defines it?' });
    expect(first!.correctAnswer).toBe(HASHING[1]![0]);
    expect(first!.sourceTime).toBe(60);
    expect(first!.keyIdeas!.length).toBeGreaterThanOrEqual(2);
    for (const idea of first!.keyIdeas!) expect(first!.correctAnswer.toLowerCase()).toContain(idea.toLowerCase());
    expect(first!.keyIdeas!.map((idea) => idea.toLowerCase())).not.toContain("hash");
    expect(first!.explanation).toBe("A full answer says what it is and what sets it apart, in a sentence of your own.");
    for (const idea of first!.keyIdeas!) expect(first!.explanation.toLowerCase()).not.toContain(idea.toLowerCase());
  });

  test("its reference earns full credit; the question copied back, or its key ideas pasted as a list, earn little", () => {
    for (const question of buildOpenQuestions(source(HASHING, 2))) {
      const toGrade = { questionText: question.questionText, reference: question.correctAnswer, keyIdeas: question.keyIdeas! };
      expect(gradeOpenAnswer(question.correctAnswer, toGrade, "en").credit).toBe(1);
      expect(gradeOpenAnswer(question.questionText, toGrade, "en").credit).toBe(0);
      expect(gradeOpenAnswer(question.keyIdeas!.join(" "), toGrade, "en").credit).toBeLessThanOrEqual(LIST_FACTOR);
    }
  });

  test("asks for what the sentence explains: a definition, a cause, a comparison or a procedure", () => {
    const lines = [
      [
        "Sorting puts items in order.",
        "We will sort a list today.",
        "Sorting is everywhere.",
        "People sort all the time.",
        "Sorting matters.",
        "Sorting again.",
      ],
      [
        "A binary heap keeps the smallest item of a collection at its root.",
        "The binary heap is fast because each insertion climbs one path of the tree.",
        "A binary heap needs no pointers, since an array holds the tree.",
        "The binary heap gives the smallest item in constant time.",
        "A binary heap is slower than a sorted array for searching.",
        "First you add the item at the end of the binary heap, then you swap it up.",
      ],
    ];
    const questions = buildOpenQuestions(source(lines, 1));
    expect(questions[0]!.questionText).toBe('In your own words, what does "binary heap" mean, as the video defines it?');
    expect(questions[0]!.correctAnswer).toMatch(/^A binary heap keeps the smallest item/);
    const kind = explainsMatcher("en");
    expect(kind("It is fast because merging takes linear time.", ["merg"])).toBe("cause");
    expect(kind("Quicksort is slower than merge sort.", ["quicksort"])).toBe("comparison");
    expect(kind("First you split the list, then you merge.", ["merg"])).toBe("procedure");
    expect(kind("So a neuron is a thing that holds a number.", ["neuron"])).toBe("definition");
    expect(kind("The network learns the weights.", ["neuron"])).toBeNull();
    expect(explainsMatcher("es")("Tarda poco porque divide la lista.", ["list"])).toBe("cause");
    expect(explainsMatcher("ja")("まず、リストを二つに分けます。", ["リスト"])).toBe("procedure");
  });

  test("a kind only when the sentence states it: the defined term in its clause or after the naming words, a procedure told to its doer", () => {
    const kind = explainsMatcher("en");
    const stems = (phrase: string) => tokenize(phrase, "en");
    expect(kind("This number is called the learning rate.", stems("learning rate"))).toBe("definition");
    expect(kind("The trace of a matrix, which is the sum of its diagonal entries, equals the sum of the eigenvalues.", stems("trace"))).toBe("definition");
    expect(kind("If the two differences grow, then the average is the middle value.", stems("differences"))).toBeNull();
    expect(kind("We walk around the earth, so this association is a continuous mapping.", stems("earth"))).toBeNull();
    expect(kind("The first term in your expansion is x to the n.", stems("expansion"))).toBeNull();
    expect(kind("It might seem like a strange step with complex numbers.", stems("complex numbers"))).toBeNull();
    expect(kind("First you square the distance, then you add them up.", stems("distance"))).toBe("procedure");
    expect(kind("The gradient tells you which way to step.", stems("gradient"))).toBeNull();
    expect(kind("A gradient points uphill.", stems("gradient"))).toBe("definition");
  });

  test("where no kind fits, asks how the sentence relates the topic to another key phrase it names, or asks nothing", () => {
    const lines = [
      [
        "Neural networks learn from labelled examples.",
        "The cost function measures how wrong the network is.",
        "A network has weights and biases.",
        "The cost function averages over every training example.",
        "Training means finding good weights and biases.",
        "Neural networks need many examples.",
      ],
      [
        "Each step of gradient descent lowers the cost function a little.",
        "In practice gradient descent nudges the weights downhill on the cost function.",
        "Every update of gradient descent shrinks the cost function further.",
        "Batches make gradient descent cheaper on large training sets.",
        "Many small updates of gradient descent add up.",
        "That is all for the updates of gradient descent.",
      ],
    ];
    const questions = buildOpenQuestions(source(lines, 1));
    const relation = questions.find((q) => q.questionText.startsWith("In your own words, how does the video connect"));
    expect(relation).toBeDefined();
    expect(relation!.questionText).toMatch(/"gradient descent" and "cost function"|"cost function" and "gradient descent"/);
    expect(relation!.explanation).toBe("A full answer says how the two are linked, as the video states it, in a sentence of your own.");
    for (const idea of relation!.keyIdeas!) expect(idea.toLowerCase()).not.toMatch(/gradient|descent|cost|function/);
    expect(questions.some((q) => q.questionText.includes("what does the video explain about"))).toBe(false);
  });

  test("an everyday word is a topic where the video says it far more often than English does", () => {
    const lines = [
      ["Welcome to this lesson.", "Today we search a list.", "A list holds names.", "The list is long.", "We want one name.", "Let us begin."],
      [
        "Binary search only works because the list is sorted.",
        "On an unsorted list the middle tells you nothing.",
        "Each step throws away half of the list.",
        "The list shrinks until one name is left.",
        "A sorted list makes every comparison count.",
        "That is why we sort the list first.",
      ],
    ];
    const asked = buildOpenQuestions(source(lines, 1)).map((q) => q.questionText);
    expect(asked.some((text) => text.includes('"list"'))).toBe(true);
  });

  test("the topic names an idea: no broad word alone, no fragment of a longer fixed phrase", () => {
    const lines = [
      ["Welcome to this course.", "We study equations.", "Equations have two sides.", "Math is fun.", "Math is everywhere.", "Math again."],
      [
        "Math keeps the right hand side of an equation balanced with the left hand side.",
        "Math moves every constant term to the right hand side.",
        "Math is the study of the constant term and the right hand side.",
        "The constant term on the right hand side stays fixed.",
        "Math changes the constant term when both sides change.",
        "Math again gives the right hand side.",
      ],
    ];
    const asked = buildOpenQuestions(source(lines, 1)).map((q) => q.questionText);
    for (const text of asked) expect(text).not.toMatch(/"hand side"|"math"|"Math"/);
  });

  test("the reference is never a question, talk about the video or a pointer at the screen, and key ideas are no filler", () => {
    const lines = [
      ["Welcome back to the channel.", "Today is about graphs.", "Graphs are everywhere.", "A graph has nodes.", "Nodes are points.", "Graphs again."],
      [
        "What is a spanning tree?",
        "In this video the spanning tree comes up a lot.",
        "Look at this spanning tree here.",
        "A spanning tree connects every node of the graph without any cycle, using various edges.",
        "Each spanning tree of a graph with n nodes has n minus one edges.",
        "A spanning tree is minimal when its edges weigh the least.",
      ],
    ];
    const [question] = buildOpenQuestions(source(lines, 1));
    expect(question!.correctAnswer).toMatch(/^A spanning tree connects every node/);
    expect(question!.keyIdeas!.map((idea) => idea.toLowerCase())).not.toContain("various");
  });

  test("two questions never share a sentence, and each stays inside its section", () => {
    for (const section of [0, 1, 2]) {
      const questions = buildOpenQuestions(source(HASHING, section));
      expect(new Set(questions.map((q) => q.correctAnswer)).size).toBe(questions.length);
      for (const q of questions) expect(q.sourceTime).toBeGreaterThanOrEqual(section * 60);
      for (const q of questions) expect(q.sourceTime).toBeLessThan((section + 1) * 60);
    }
  });

  test("asks in the course's language", () => {
    const spanish = [
      [
        "La búsqueda binaria necesita una lista ordenada.",
        "La búsqueda binaria mira el elemento del medio.",
        "Si el valor es menor, la búsqueda binaria sigue por la izquierda.",
      ],
      [
        "Cada paso de la búsqueda binaria descarta la mitad de la lista.",
        "Por eso la búsqueda binaria tarda tiempo logarítmico.",
        "Una lista de mil elementos pide unos diez pasos.",
      ],
    ];
    const segments = spanish.flat().map((text, index) => ({ index, text, startMs: index * 20_000, endMs: index * 20_000 + 19_000 }));
    const questions = buildOpenQuestions({ courseTitle: "", sectionTitle: "", timeStart: 0, timeEnd: 120, segments, language: "es" });
    expect(questions.length).toBeGreaterThan(0);
    expect(questions[0]!.questionText).toBe("Con tus propias palabras, ¿qué es «búsqueda binaria», según lo explica el vídeo?");
  });

  test("a section without text, or naming nothing said often enough, gets none", () => {
    expect(buildOpenQuestions({ ...source(HASHING, 1), timeStart: 500, timeEnd: 560 })).toEqual([]);
    expect(buildOpenQuestions(source([["Hello there.", "Thanks for watching.", "See you soon."]], 0))).toEqual([]);
  });
});

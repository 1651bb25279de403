import { describe, expect, it } from "vitest";

import { tokenize } from "~/server/language/text";

import { conceptsTestedBy, type TaggableConcept } from "./tagging";

const concept = (id: number, label: string, moments: TaggableConcept["moments"] = [], language = "en"): TaggableConcept => ({
  id,
  key: tokenize(label, language).join(" "),
  moments,
});

describe("conceptsTestedBy", () => {
  const concepts = [
    concept(1, "binary search", [{ sectionId: 10, timeSeconds: 40 }]),
    concept(2, "sorted array", [{ sectionId: 10, timeSeconds: 90 }]),
    concept(3, "hash table", [{ sectionId: 20, timeSeconds: 300 }]),
  ];

  it("tags the concepts whose every term the question or its answer uses, in any inflection", () => {
    const question = { text: "Why do binary searches need the input ___?", answer: "a sorted array", sectionId: 10, sourceTime: 45 };
    expect(conceptsTestedBy(question, concepts, "en").sort()).toEqual([1, 2]);
  });

  it("does not tag a concept when only part of its label is used", () => {
    const question = { text: "What does a hash function return?", answer: "an index", sectionId: 20, sourceTime: 310 };
    // "hash" alone is not "hash table": the question falls back to its section's concept.
    expect(conceptsTestedBy(question, concepts, "en")).toEqual([3]);
  });

  it("falls back to the concept its section explains nearest to the question's moment", () => {
    const question = { text: "What happens first?", answer: "The middle element is compared", sectionId: 10, sourceTime: 80 };
    expect(conceptsTestedBy(question, concepts, "en")).toEqual([2]);
  });

  it("tags nothing when neither its words nor its section say a concept", () => {
    expect(conceptsTestedBy({ text: "What is it?", answer: "Nothing", sectionId: 99, sourceTime: null }, concepts, "en")).toEqual([]);
  });

  it("matches by the language's rules", () => {
    const spanish = [concept(7, "búsqueda binaria", [], "es")];
    const question = { text: "¿Qué necesita la búsqueda binaria?", answer: "Una lista ordenada", sectionId: 1, sourceTime: null };
    expect(conceptsTestedBy(question, spanish, "es")).toEqual([7]);
  });
});

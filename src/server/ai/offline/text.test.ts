import { describe, expect, it } from "vitest";

import { cleanSentence, isContentWord, stem, terms, titleCase, tokenize, words } from "./text";

describe("stem", () => {
  it("conflates inflections of the same word", () => {
    expect(stem("derivatives")).toBe(stem("derivative"));
    expect(stem("computing")).toBe(stem("compute"));
    expect(stem("computed")).toBe(stem("compute"));
    expect(stem("spirals")).toBe(stem("spiral"));
    expect(stem("running")).toBe("run");
    expect(stem("probabilities")).toBe(stem("probability"));
    expect(stem("quickly")).toBe("quick");
  });

  it("leaves short words and -ss/-us/-is endings alone", () => {
    expect(stem("sum")).toBe("sum");
    expect(stem("class")).toBe("class");
    expect(stem("calculus")).toBe("calculus");
    expect(stem("axis")).toBe("axis");
  });

  it("never returns an empty stem", () => {
    for (const w of ["ing", "ed", "sing", "bed", "ly", "fly", "eyes", "seed", "aaa"]) expect(stem(w).length).toBeGreaterThan(0);
  });
});

describe("tokenize", () => {
  it("lower-cases, drops punctuation, stop words, numbers and short words", () => {
    expect(words("The Derivative's slope, at x = 2!")).toEqual(["the", "derivative's", "slope", "at", "x", "2"]);
    expect(tokenize("So, um, the derivative is basically the SLOPE of a graph in 2024.")).toEqual([stem("derivative"), stem("slope"), stem("graph")]);
  });

  it("keeps the surface form beside the stem", () => {
    expect(terms("Prime numbers' spirals")).toEqual([
      { stem: stem("prime"), surface: "prime" },
      { stem: stem("numbers"), surface: "numbers" },
      { stem: stem("spirals"), surface: "spirals" },
    ]);
  });

  it("treats contractions and fillers as non-content", () => {
    for (const w of ["don't", "we'll", "um", "uh", "really", "actually", "thing", "going"]) expect(isContentWord(w)).toBe(false);
    for (const w of ["gradient", "neuron", "euler's"]) expect(isContentWord(w)).toBe(true);
  });
});

describe("cleanSentence", () => {
  it("removes fillers and stammered repeats", () => {
    expect(cleanSentence("um so the the derivative is uh the slope")).toBe("So the derivative is the slope.");
    expect(cleanSentence("And, you know, it it works.")).toBe("And, it works.");
    expect(cleanSentence("[Music] Hello there")).toBe("Hello there.");
    expect(cleanSentence("in the in the limit")).toBe("In the limit.");
    expect(cleanSentence("the vector 1 1 1 has length")).toBe("The vector 1 1 1 has length.");
  });

  it("fixes spacing, capitals and end punctuation without adding words", () => {
    expect(cleanSentence("  what is   a limit ?")).toBe("What is a limit?");
    expect(cleanSentence("i think i'm right ,and i've checked")).toBe("I think I'm right, and I've checked.");
    expect(cleanSentence("ends with a comma,")).toBe("Ends with a comma.");
    expect(cleanSentence("pi is about 3.14159")).toBe("Pi is about 3.14159.");
  });

  it("returns an empty string for filler-only text", () => {
    expect(cleanSentence("um uh")).toBe("");
    expect(cleanSentence("   ")).toBe("");
  });
});

describe("titleCase", () => {
  it("capitalises words but not minor words inside", () => {
    expect(titleCase("rate of change")).toBe("Rate of Change");
    expect(titleCase("the chain rule and the product rule")).toBe("The Chain Rule and the Product Rule");
    expect(titleCase("of mice")).toBe("Of Mice");
  });

  it("keeps words with inner capitals", () => {
    expect(titleCase("DNA and mRNA")).toBe("DNA and mRNA");
  });
});

import { describe, expect, it } from "vitest";

import { cleanSentence, isContentWord, stem, terms, titleCase, tokenize, withoutLeadingConnective, wordPieces, words } from "./text";

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

describe("terms in other languages", () => {
  const surfaces = (text: string, language: string) => terms(text, language).map((t) => t.surface);

  it("drop the language's stop words and stem with Snowball, so inflections meet", () => {
    expect(surfaces("Las derivadas de las funciones son importantes.", "es")).toEqual(["derivadas", "funciones", "importantes"]);
    expect(tokenize("la derivada", "es")).toEqual(tokenize("las derivadas", "es"));
    expect(tokenize("die Ableitung", "de")).toEqual(tokenize("den Ableitungen", "de"));
    expect(tokenize("a derivada", "pt-BR")).toEqual(tokenize("as derivadas", "pt-BR"));
  });

  it("split French elisions from the word they are glued to", () => {
    expect(surfaces("L’équation d’Euler qu’on aime.", "fr")).toEqual(["équation", "euler", "aime"]);
  });

  it("find the words of Japanese and Chinese, which have no spaces, and leave out the grammar", () => {
    expect(surfaces("微分とは、関数の変化率を求めることです。", "ja")).toEqual(["微分", "関数", "変化", "率", "求める"]);
    expect(surfaces("导数是函数的变化率。", "zh")).toEqual(["导数", "函数", "变化", "率"]);
  });

  it("read a space inside a run of Chinese or Japanese as a caption's line break, not a word break", () => {
    expect(surfaces("导 数是函数的变 化率。", "zh")).toEqual(["导数", "函数", "变化", "率"]);
    const text = "导 数是函数";
    const [first] = wordPieces(text, "zh")!;
    expect(text.slice(first!.start, first!.end)).toBe("导 数");
  });

  it("keep a katakana loanword whole where the dictionary cuts it into syllables", () => {
    expect(surfaces("体系的なプラグアンドチャグ手法はありません", "ja")).toContain("プラグアンドチャグ");
    expect(surfaces("ニューラルネットワークの層", "ja")).toEqual(["ニューラルネットワーク", "層"]);
    // Katakana beside kanji stays apart: only touching katakana pieces are joined.
    expect(surfaces("ベクトル空間", "ja")).toEqual(["ベクトル", "空間"]);
  });

  it("read Arabic with or without short vowels, and Hindi", () => {
    expect(tokenize("مُعَدَّل التغير", "ar")).toEqual(tokenize("معدل التغير", "ar"));
    expect(surfaces("अवकलज किसी फलन के परिवर्तन की दर है।", "hi")).toEqual(["अवकलज", "फलन", "परिवर्तन", "दर"]);
    // Pronouns and auxiliaries, which stopwords-iso's Hindi list lacks, are function words too.
    expect(surfaces("मैं आपको व्युत्पन्न का अर्थ दिखाता हूं", "hi")).toEqual(["व्युत्पन्न", "अर्थ", "दिखाता"]);
  });

  it("know an Arabic function word with a conjunction, a preposition or a pronoun written onto it", () => {
    // فهذا "so this", أنك "that you", وبعض "and some", لأنه "because it", فيها "in it": function words.
    expect(surfaces("فهذا يعني أنك قمت بتمديد المتجه، وبعض الأمثلة لأنه فيها كتابه", "ar")).toEqual(["يعني", "قمت", "بتمديد", "المتجه", "الأمثلة", "كتابه"]);
    // A content word keeps its attached preposition and pronoun: "with the stretching", "his book".
    expect(tokenize("بتمديد", "ar")).toEqual(tokenize("تمديد", "ar"));
  });

  it("keep English rules for English, a region tag or a tag that is not a language", () => {
    const english = terms("The derivatives of functions");
    expect(terms("The derivatives of functions", "en-GB")).toEqual(english);
    expect(terms("The derivatives of functions", "not a tag!")).toEqual(english);
  });
});

describe("cleanSentence in other scripts", () => {
  it("sees their final punctuation, and ends a sentence with its script's full stop", () => {
    expect(cleanSentence("微分とは変化率です。")).toBe("微分とは変化率です。");
    expect(cleanSentence("微分とは変化率です")).toBe("微分とは変化率です。");
    expect(cleanSentence("هل هذا صحيح؟")).toBe("هل هذا صحيح؟");
    expect(cleanSentence("यह दर है")).toBe("यह दर है।");
    expect(cleanSentence("la derivada es la pendiente")).toBe("La derivada es la pendiente.");
    expect(cleanSentence("Ask Dr.")).toBe("Ask Dr.");
  });
});

describe("cleanSentence with accented words", () => {
  it("takes fillers and stammers out as whole words only", () => {
    expect(cleanSentence("Y a partir de ahí tenemos otros dos triángulos")).toBe("Y a partir de ahí tenemos otros dos triángulos.");
    expect(cleanSentence("la función función crece")).toBe("La función crece.");
    expect(cleanSentence("Um, so the the slope is positive")).toBe("So the slope is positive.");
  });
});

describe("withoutLeadingConnective", () => {
  it("drops the connective a spoken-style title opens with, in each language", () => {
    expect(withoutLeadingConnective("But what is a neural network?", "en")).toBe("What is a neural network?");
    expect(withoutLeadingConnective("So, why does light bend?", "en")).toBe("Why does light bend?");
    expect(withoutLeadingConnective("Pero ¿qué es una red neuronal?", "es")).toBe("¿Qué es una red neuronal?");
    expect(withoutLeadingConnective("Mas o que é uma rede neural?", "pt")).toBe("O que é uma rede neural?");
    expect(withoutLeadingConnective("Mais qu'est-ce qu'un réseau de neurones ?", "fr")).toBe("Qu'est-ce qu'un réseau de neurones ?");
    expect(withoutLeadingConnective("Aber was ist ein neuronales Netz?", "de-AT")).toBe("Was ist ein neuronales Netz?");
    expect(withoutLeadingConnective("しかし、フーリエ級数とは何でしょうか?", "ja")).toBe("フーリエ級数とは何でしょうか?");
    expect(withoutLeadingConnective("但什么是神经网络？", "zh")).toBe("什么是神经网络？");
    expect(withoutLeadingConnective("ولكن ما هي الشبكة العصبية؟", "ar")).toBe("ما هي الشبكة العصبية؟");
    expect(withoutLeadingConnective("लेकिन तंत्रिका नेटवर्क क्या है?", "hi")).toBe("तंत्रिका नेटवर्क क्या है?");
  });

  it("keeps words that only begin like a connective, and a connective that is the whole part", () => {
    expect(withoutLeadingConnective("Butterfly effects", "en")).toBe("Butterfly effects");
    expect(withoutLeadingConnective("Sonar and radar", "en")).toBe("Sonar and radar");
    expect(withoutLeadingConnective("但丁的地狱", "zh")).toBe("但丁的地狱");
    expect(withoutLeadingConnective("So", "en")).toBe("So");
    expect(withoutLeadingConnective("Y = mx + b", "es")).toBe("Y = mx + b");
  });
});

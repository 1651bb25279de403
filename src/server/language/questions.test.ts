import { describe, expect, test } from "vitest";

import { isQuestion } from "./questions";

describe("isQuestion", () => {
  test.each([
    ["en", "How do neural networks learn?"],
    ["en", "how do neural networks learn"],
    ["en", "what's so special about e"],
    ["en", "Why is the sky blue"],
    ["en", "is zero even"],
    ["es", "¿Cómo aprenden las redes neuronales?"],
    ["es", "como aprenden las redes neuronales"],
    ["es", "que es una red neuronal"],
    ["pt", "O que é uma rede neural"],
    ["fr", "Comment les réseaux de neurones apprennent-ils"],
    ["fr", "qu’est-ce qu’un vecteur"],
    ["de", "Wie lernen neuronale Netze"],
    ["de", "Was ist ein Vektor"],
    ["ja", "ニューラルネットワークはどのように学習するのですか"],
    ["ja", "フーリエ変換とは"],
    ["ja", "テイラー級数とは何ですか？"],
    ["zh", "神经网络是如何学习的"],
    ["zh", "什么是向量"],
    ["ar", "كيف تتعلم الشبكات العصبية"],
    ["ar", "ما هي الشبكة العصبية؟"],
    ["hi", "न्यूरल नेटवर्क कैसे सीखते हैं"],
    ["hi", "क्या है न्यूरल नेटवर्क"],
  ])("%s: %s is a question", (language, topic) => {
    expect(isQuestion(topic, language)).toBe(true);
  });

  test.each([
    ["en", "neural networks"],
    ["en", "How to lie using visual proofs"],
    ["en", "Isaac Newton's laws"],
    ["en", "Dothraki grammar"],
    ["es", "redes neuronales"],
    ["pt", "redes neurais"],
    ["fr", "les réseaux de neurones"],
    ["de", "Neuronale Netze"],
    ["de", "Wasserstoff"],
    ["ja", "ニューラルネットワーク"],
    ["ja", "幾何学"],
    ["zh", "神经网络"],
    ["ar", "الشبكات العصبية"],
    ["hi", "न्यूरल नेटवर्क"],
  ])("%s: %s is a subject, not a question", (language, topic) => {
    expect(isQuestion(topic, language)).toBe(false);
  });

  test("a question mark makes a question in any language, a regional tag counts as its base language", () => {
    expect(isQuestion("neural networks?", "en")).toBe(true);
    expect(isQuestion("redes neuronales؟", "ar")).toBe(true);
    expect(isQuestion("Como as redes neurais aprendem", "pt-BR")).toBe(true);
    expect(isQuestion("", "en")).toBe(false);
  });
});

import { baseLanguage } from "~/lib/languages";

/**
 * Whether a learner's topic is a question ("How do neural networks learn?", "¿Qué es una red
 * neuronal?", "神经网络是如何学习的？") rather than a subject ("neural networks"). A question asks
 * for the video that answers it, and a course is never titled with it: the title names what the
 * video is about. Search needs no list of its own: the question words are stop words of every
 * language's tokenizer (and "how does … work" is unwrapped in English), so only the content words
 * are matched.
 *
 * A question is recognised by its mark (?, ？, ؟, or an opening ¿) or, without one, by the words a
 * question opens with in the language (or, for Japanese, Chinese and Hindi, the particle or
 * question word it carries anywhere). "How to …" is not a question here: it is how instructions, and
 * many video titles, are named ("How to lie using visual proofs").
 */

const QUESTION_MARK = /[?？؟]\s*$|^\s*¿/u;

/** Words a question opens with, lower-case and without accents (the topic is folded the same way). */
const OPENERS: Readonly<Record<string, readonly string[]>> = {
  en: [
    "how do",
    "how does",
    "how did",
    "how can",
    "how could",
    "how is",
    "how are",
    "how would",
    "how many",
    "how much",
    "what",
    "what's",
    "whats",
    "why",
    "when",
    "where",
    "which",
    "who",
    "whose",
    "is",
    "are",
    "does",
    "do",
    "did",
    "can",
    "could",
    "should",
    "would",
  ],
  es: ["como", "que", "por que", "cual", "cuales", "cuando", "donde", "quien", "quienes", "cuanto", "cuantos", "para que"],
  pt: ["como", "o que", "que", "por que", "porque", "qual", "quais", "quando", "onde", "quem", "quanto", "quantos", "para que"],
  fr: ["comment", "qu'est-ce", "qu'est ce", "que", "quoi", "pourquoi", "quel", "quelle", "quels", "quelles", "quand", "ou", "qui", "est-ce", "combien"],
  de: ["wie", "was", "warum", "wieso", "weshalb", "welche", "welcher", "welches", "wann", "wo", "wer", "woher", "wozu", "ist", "sind", "kann", "gibt es"],
  ar: ["كيف", "ما", "ماذا", "لماذا", "لم", "هل", "متى", "أين", "اين", "من", "كم", "ما هو", "ما هي"],
};

/** Where the question word need not open the sentence: the particle or word that makes it a question. */
const QUESTION_WORDS: Readonly<Record<string, RegExp>> = {
  // "何" but not the "何" of 幾何 (geometry).
  ja: /(?:か|かな)$|(?<!幾)何|なぜ|どうして|どのように|どうやって|どんな|どれ|どこ|いつ|誰|とは$/u,
  zh: /[吗呢]$|什么|如何|为什么|为何|怎么|怎样|哪|谁|多少/u,
  // Hindi puts the question word before the verb, anywhere in the sentence.
  hi: /(?:^|\s)(?:क्या|कैसे|क्यों|कब|कहाँ|कहां|कौन|कितना|कितने|कितनी)(?:\s|$)/u,
};

/** Lower-case, accents folded (Latin scripts), curly apostrophes straightened, spaces single. */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’‘]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `topic` is shaped as a question in `language` (a BCP 47 tag; English rules when unknown). */
export function isQuestion(topic: string, language = "en"): boolean {
  if (QUESTION_MARK.test(topic)) return true;
  const base = baseLanguage(language);
  const text = fold(topic).replace(/[.!。！]+$/u, "");
  if (text === "") return false;
  if (/^how to\b/.test(text)) return false;
  const openers = OPENERS[base] ?? OPENERS.en!;
  if (openers.some((opener) => text === opener || text.startsWith(`${opener} `) || (opener.endsWith("'") && text.startsWith(opener)))) return true;
  // A French or English elision opens a question too: "qu'est-ce", "what's".
  if (base === "fr" && /^qu'/.test(text)) return true;
  const words = QUESTION_WORDS[base];
  return words !== undefined && words.test(text);
}

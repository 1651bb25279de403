import { describe, expect, test, vi } from "vitest";

import { OPEN_PASS_CREDIT } from "~/lib/schemas/quiz";
import { COURSE_LANGUAGES } from "~/lib/languages";
import { quizWording } from "./wording";

import { COPY_CREDIT, gradeOpenAnswer, LIST_FACTOR, openFeedback, openQuestionKind } from "./grade-open";

const question = {
  questionText: 'In your own words, what does "hash function" mean, as the video defines it?',
  reference: "A hash function turns a key into a bucket number, and a good one spreads the keys evenly over the buckets.",
  keyIdeas: ["key", "bucket number", "spreads", "evenly"],
};

const grade = (answer: string) => gradeOpenAnswer(answer, question, "en");

/** The grader as it is when the word vectors are not installed. */
async function graderWithoutVectors(): Promise<typeof gradeOpenAnswer> {
  vi.resetModules();
  vi.doMock("~/server/language/word-vectors", () => ({ englishWordVectors: () => null }));
  const { gradeOpenAnswer: withoutVectors } = await import("./grade-open");
  vi.doUnmock("~/server/language/word-vectors");
  return withoutVectors;
}
const credit = (answer: string) => grade(answer).credit;

describe("gradeOpenAnswer", () => {
  test("a restatement in sentences passes; an on-topic answer without the ideas earns less; an unrelated one nothing", () => {
    const restated = credit("It maps each key to the number of a bucket; good ones spread keys out evenly.");
    const onTopic = credit("A hash function is a function that hashing uses, and it is important for hash tables.");
    const unrelated = credit("Photosynthesis turns sunlight into sugar in the leaves of plants.");
    expect(restated).toBeGreaterThanOrEqual(0.75);
    expect(onTopic).toBeLessThan(restated);
    expect(unrelated).toBe(0);
  });

  test("a list with the feedback's sentence pasted after it, or in the same sentence, is still a list", () => {
    const list = "key, bucket number, spreads, evenly";
    const alone = grade(list);
    expect(alone.listed).toBe(true);
    const feedback = openFeedback(alone, question, 30, "en");
    for (const pasted of [`${list}. ${feedback}`, `${list}\n${feedback}`]) {
      const graded = grade(pasted);
      expect(graded.listed).toBe(true);
      expect(graded.credit).toBeLessThanOrEqual(LIST_FACTOR);
    }
    // Run on into the feedback, the list's last term joins a sentence: it counts, the rest does not, and the answer does not pass.
    const runOn = grade(`${list} ${feedback}`);
    expect(runOn.listed).toBe(true);
    expect(runOn.credit).toBeLessThan(OPEN_PASS_CREDIT);
  });

  test("the key ideas typed one after another earn as a list wherever they stand in a sentence", () => {
    const list = "key bucket number spreads evenly";
    for (const answer of [
      `${list} ${openFeedback(grade(list), question, 30, "en")}`,
      `${list} is what the video is about`,
      "key, bucket number, spreads, evenly is my answer",
      `It is about ${list}.`,
    ]) {
      const graded = grade(answer);
      expect(graded.listed, answer).toBe(true);
      expect(graded.credit, answer).toBeLessThanOrEqual(LIST_FACTOR);
    }
    // A compound, or a short clause of its own, is not a list.
    expect(credit("A key goes to its bucket number; keys spread evenly.")).toBe(1);
    expect(credit("Each key gets a bucket number, so keys spread evenly.")).toBe(1);
    expect(credit("Each key is mapped to the number of a bucket, and a good function spreads keys evenly.")).toBe(1);
  });

  test("inflections count: 'spread' says 'spreads', 'buckets' says 'bucket'", () => {
    expect(credit("Keys get spread evenly, each to a bucket's number.")).toBe(1);
  });

  test("English irregular forms count by their lemma: 'mice' says 'mouse', 'ran' says 'run'", () => {
    const mice = {
      questionText: 'In your own words, what does the video explain about "traps"?',
      reference: "The trap caught a mouse and the dog run off.",
      keyIdeas: ["mouse", "run"],
    };
    expect(gradeOpenAnswer("The trap caught two mice, and then the dog ran away.", mice, "en").credit).toBe(1);
  });

  test("English synonyms count by word vectors ('quick' says 'fast', 'picture' says 'image'), and a list of synonyms is still a list", async () => {
    const shutter = {
      questionText: 'In your own words, what does "shutter speed" mean, as the video defines it?',
      reference: "A fast shutter gives a sharp image of a moving car.",
      keyIdeas: ["fast", "sharp", "image", "moving"],
    };
    const paraphrase = "A quick shutter makes a crisp picture of a car in motion.";
    const withVectors = gradeOpenAnswer(paraphrase, shutter, "en").credit;
    expect(withVectors).toBeGreaterThanOrEqual(OPEN_PASS_CREDIT);
    expect(withVectors).toBeGreaterThan((await graderWithoutVectors())(paraphrase, shutter, "en").credit);
    for (const list of ["quick crisp picture motion", "quick, crisp, picture, motion", "quick crisp picture end total"]) {
      const listed = gradeOpenAnswer(list, shutter, "en");
      expect(listed.listed).toBe(true);
      expect(listed.credit).toBeLessThanOrEqual(LIST_FACTOR);
    }
    expect(gradeOpenAnswer("Photosynthesis turns sunlight into sugar in the leaves of plants.", shutter, "en").credit).toBe(0);
  });

  test("saying one does not know or remember earns nothing, though vectors put everyday words near each other", () => {
    const lists = {
      questionText: 'In your own words, what reason does the video give about "list"?',
      reference: "This only works because the list is sorted. On an unsorted list, looking at the middle tells you nothing about where your name is.",
      keyIdeas: ["sorted", "unsorted", "tells", "name"],
    };
    const gradient = {
      questionText: 'In your own words, how does the video connect "gradient" and "steepest ascent"?',
      reference:
        "The gradient of a function gives you the direction of steepest ascent, which direction should you step to increase the function most quickly.",
      keyIdeas: ["calculus", "function", "direction", "quickly"],
    };
    for (const asked of [question, lists, gradient]) {
      for (const answer of [
        "I do not remember.",
        "No idea, sorry. I was not paying attention to this part.",
        "I don't know, I forgot what the video said here.",
      ]) {
        expect(gradeOpenAnswer(answer, asked, "en").credit, answer).toBe(0);
      }
    }
  });

  test("the key ideas pasted as a list, or comma-separated, earn a fraction of what the same ideas in a sentence earn", () => {
    const sentence = credit("It turns each key into a bucket number and spreads the keys evenly.");
    for (const list of ["key bucket number spreads evenly", "key, bucket number, spreads, evenly", "keys; buckets; spreading; evenly"]) {
      const listed = grade(list);
      expect(listed.listed).toBe(true);
      expect(listed.credit).toBeLessThanOrEqual(LIST_FACTOR);
      expect(listed.credit).toBeLessThan(OPEN_PASS_CREDIT);
    }
    expect(sentence).toBeGreaterThanOrEqual(OPEN_PASS_CREDIT);
  });

  test("an answer that copies the question earns at most COPY_CREDIT", () => {
    const copy = grade(question.questionText);
    expect(copy.credit).toBeLessThanOrEqual(COPY_CREDIT);
    expect(copy.copied).toBe(true);
  });

  test("an answer in another language than the course's earns nothing and is asked for in the course's", () => {
    const spanish = grade("Convierte cada clave en un número de cubeta y reparte las claves de forma uniforme.");
    expect(spanish).toMatchObject({ credit: 0, otherLanguage: true });
    expect(openFeedback(spanish, question, 75, "en")).toBe("Please answer in English, the language of the course. The explanation is at 1:15.");
    // A mostly English answer with a foreign word is graded as English.
    expect(grade("It turns each key into a bucket number (el número de cubeta), spreading keys evenly.").otherLanguage).toBe(false);
  });

  test("an idea the question itself says is never graded, and a question without stored ideas is graded on its reference", () => {
    const withTopicIdea = { ...question, keyIdeas: ["hash function", "bucket number"] };
    expect(gradeOpenAnswer("It gives each key its bucket number.", withTopicIdea, "en").credit).toBeGreaterThanOrEqual(OPEN_PASS_CREDIT);
    const legacy = { ...question, keyIdeas: [] };
    expect(gradeOpenAnswer("It turns a key into a bucket.", legacy, "en").credit).toBeGreaterThan(0);
  });

  test("grades in the course's language", () => {
    const spanish = {
      questionText: "Con tus propias palabras, ¿qué explica el vídeo sobre «búsqueda binaria»?",
      reference: "La búsqueda binaria divide la lista ordenada por la mitad en cada paso.",
      keyIdeas: ["lista ordenada", "mitad", "paso"],
    };
    expect(gradeOpenAnswer("En cada paso parte la lista ordenada en dos mitades.", spanish, "es").credit).toBeGreaterThanOrEqual(OPEN_PASS_CREDIT);
    expect(gradeOpenAnswer("lista ordenada mitad paso", spanish, "es").credit).toBeLessThanOrEqual(LIST_FACTOR);
  });

  test("grading is fast", () => {
    const long = "word ".repeat(150) + question.reference;
    const started = performance.now();
    for (let i = 0; i < 100; i++) gradeOpenAnswer(long, question, "en");
    expect((performance.now() - started) / 100).toBeLessThan(50);
  });
});

describe("openFeedback", () => {
  test("guides by what a full answer states and the moment to rewatch, never naming a key idea", () => {
    const partial = grade("It turns a key into a bucket number.");
    expect(partial.credit).toBeGreaterThanOrEqual(0.3);
    expect(partial.credit).toBeLessThan(0.85);
    const feedback = openFeedback(partial, question, 75, "en");
    expect(feedback).toBe(
      "Your answer states part of what the video explains. Rewatch the explanation at 1:15. A full answer says what it is and what sets it apart, in a sentence of your own.",
    );
    for (const idea of question.keyIdeas) expect(feedback.toLowerCase()).not.toContain(idea);
    expect(openFeedback(grade("key bucket number spreads evenly"), question, 75, "en")).toBe(
      "Your answer lists words without saying how they relate. Write it as a sentence; the explanation is at 1:15.",
    );
    expect(openFeedback(grade(question.questionText), question, 75, "en")).toBe(
      "Your answer repeats the question. Say what the video explains at 1:15, in your own words.",
    );
    expect(openFeedback(grade("A key goes to its bucket number; keys spread evenly."), question, 75, "en")).toBe("Your answer states what the video explains.");
    expect(openFeedback(grade("Photosynthesis feeds plants."), question, 75, "en")).toMatch(/^Your answer does not yet state what the video explains\./);
  });

  test("reads the question's kind back from its wording in every language, older questions as an explanation", () => {
    for (const { code } of COURSE_LANGUAGES) {
      const { question: ask } = quizWording(code).open;
      for (const kind of ["definition", "cause", "procedure", "comparison", "explanation"] as const) expect(openQuestionKind(ask[kind]("x"), code)).toBe(kind);
      expect(openQuestionKind(ask.relation("x", "y"), code)).toBe("relation");
    }
    expect(openQuestionKind('In your own words, what does the video say about "x"?', "en")).toBe("explanation");
  });

  test("every language's feedback names the moment and no idea", () => {
    for (const { code } of COURSE_LANGUAGES) {
      const text = openFeedback(
        { credit: 0.5, copied: false, listed: false, otherLanguage: false },
        { questionText: quizWording(code).open.question.cause("x") },
        75,
        code,
      );
      expect(text).toContain("1:15");
      expect(text).toContain(quizWording(code).open.fullAnswer.cause);
    }
  });
});

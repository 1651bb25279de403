import { describe, expect, it } from "vitest";

import { askedCloze, BLANK, isRightAnswer, learnerWordsIn, makeCloze } from "./offline-tutor";
import { buildPassages, createPassageIndex, type PassageSegment } from "./retrieval";

function timed(texts: readonly string[], seconds = 10): PassageSegment[] {
  return texts.map((text, i) => ({ startMs: i * seconds * 1000, endMs: (i + 1) * seconds * 1000, text }));
}

// Our own lesson: "gluten" comes back in several passages, "elastic" is said once.
const INDEX = createPassageIndex(
  buildPassages(
    timed([
      "First we mix flour, water, salt and a little yeast in a large bowl.",
      "The dough needs kneading for ten minutes until it feels smooth and elastic.",
      "Kneading builds gluten, the protein network that traps the gas from the yeast.",
      "Then the dough rests in a warm place and rises until it doubles in size.",
      "The gluten stretches as the gas expands inside the rising dough.",
      "After shaping the loaf, we bake it in a very hot oven with some steam.",
      "Without enough gluten the loaf collapses and the crumb stays dense and heavy.",
      // Other steps, so that the lesson is long enough for gluten to be a concept rather than a common word.
      "Let the bread cool on a rack for an hour before you slice it open.",
      "A sharp serrated knife cuts the crust cleanly without crushing the inside.",
      "Store the cut loaf in a cloth bag on the counter for two or three days.",
      "Stale slices make good toast, breadcrumbs or a savoury pudding.",
      "Freezing whole loaves keeps them fresh for a month or more.",
      "Thaw a frozen loaf at room temperature and warm it briefly in the oven.",
      "Measure flour by weight with a kitchen scale for the most reliable results.",
      "Water temperature matters: lukewarm water wakes the yeast without harming it.",
    ]),
    { targetWords: 12, strideWords: 6 },
  ),
);

describe("learnerWordsIn", () => {
  it("names the learner's own words the passage also uses, as written, without question words or short ones", () => {
    const passage = { text: "Kneading builds gluten, the protein network that traps the gas from the yeast." };
    expect(learnerWordsIn("Please explain why KNEADING builds the gluten network?", passage)).toEqual(["KNEADING", "builds", "gluten"]);
    expect(learnerWordsIn("Why knead it so long and why is gas kept?", passage, 5)).toEqual(["knead"]);
    expect(learnerWordsIn("パンの生地はなぜこねるのですか", passage)).toEqual([]);
  });
});

describe("makeCloze", () => {
  it("leaves out a concept the video comes back to, not a word the question named", () => {
    const passage = INDEX.passages.find((p) => p.text.includes("Kneading builds gluten"))!;
    const cloze = makeCloze(passage, INDEX)!;
    expect(cloze.answer).toBe("gluten");
    expect(cloze.question).toContain(`Kneading builds ${BLANK}, the protein network`);
    expect(cloze.sentence).not.toContain(BLANK);
    const avoiding = makeCloze(passage, INDEX, new Set(["gluten"]))!;
    expect(avoiding.answer).not.toBe("gluten");
    expect(avoiding.question).toContain(BLANK);
  });

  it("returns null for a passage without a whole sentence worth asking", () => {
    const fragments = createPassageIndex(buildPassages(timed(["um", "so yeah", "ok"])));
    expect(makeCloze(fragments.passages[0]!, fragments)).toBeNull();
  });

  it("leaves out a run of Han or Katakana characters in a script without spaces", () => {
    const index = createPassageIndex(
      buildPassages(timed(["パン生地をこねるとグルテンができて、ガスを閉じ込めます。", "グルテンが伸びて生地が膨らみます。"]), {
        targetWords: 1,
        strideWords: 1,
      }),
    );
    const cloze = makeCloze(index.passages[0]!, index)!;
    expect(cloze.question).toContain(BLANK);
    expect(cloze.sentence.replace(cloze.answer, BLANK)).toBe(cloze.question);
  });
});

describe("askedCloze and isRightAnswer", () => {
  const passage = INDEX.passages.find((p) => p.text.includes("Kneading builds gluten"))!;
  const cloze = makeCloze(passage, INDEX)!;
  const at = `[0:${String(Math.floor(passage.start)).padStart(2, "0")}]`;

  it("finds the blank again from the question as it was shown", () => {
    const message = `A question for you, from ${at}: which word fills the blank?\n\n> ${cloze.question} ${at}`;
    expect(askedCloze(message, INDEX.passages)).toMatchObject({ answer: "gluten", sentence: cloze.sentence, passage });
  });

  it("finds nothing in a message without a blank, or with a time no passage starts at", () => {
    expect(askedCloze(`> ${cloze.sentence} ${at}`, INDEX.passages)).toBeNull();
    expect(askedCloze(`> ${cloze.question} [9:59]`, INDEX.passages)).toBeNull();
    expect(askedCloze("Just a reply.", INDEX.passages)).toBeNull();
  });

  it("accepts the word in any case or inflection the stemmer folds, inside a sentence; nothing else", () => {
    expect(isRightAnswer("gluten", "gluten")).toBe(true);
    expect(isRightAnswer("I think it is Glutens.", "gluten")).toBe(true);
    expect(isRightAnswer("yeast", "gluten")).toBe(false);
    expect(isRightAnswer("", "gluten")).toBe(false);
    expect(isRightAnswer("それはグルテンです", "グルテン")).toBe(true);
  });
});

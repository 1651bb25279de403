import { describe, expect, it } from "vitest";

import { itemKey, practiceItems, tallyText, type PracticeCard, type PracticeQuestion } from "./practice-items";

const question = (id: number) => ({ id }) as PracticeQuestion;
const card = (id: number) => ({ id }) as PracticeCard;

describe("practiceItems", () => {
  it("takes questions and cards in turn, a question first, then the rest of the longer list", () => {
    const items = practiceItems({ questions: [question(1), question(2), question(3)], cards: [card(7)] });
    expect(items.map(itemKey)).toEqual(["q1", "c7", "q2", "q3"]);
    expect(practiceItems({ questions: [], cards: [card(1), card(2)] }).map(itemKey)).toEqual(["c1", "c2"]);
    expect(practiceItems({ questions: [], cards: [] })).toEqual([]);
  });
});

describe("tallyText", () => {
  it("says what the learner did", () => {
    expect(tallyText({ questions: 4, right: 3, cards: 2 })).toBe("You got 3 of 4 questions right and reviewed 2 cards.");
    expect(tallyText({ questions: 1, right: 0, cards: 0 })).toBe("You got 0 of 1 question right.");
    expect(tallyText({ questions: 0, right: 0, cards: 1 })).toBe("You reviewed 1 card.");
    expect(tallyText({ questions: 0, right: 0, cards: 0 })).toBe("You did not answer anything this time.");
  });
});

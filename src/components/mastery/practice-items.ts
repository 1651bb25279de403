import type { PracticeSet } from "~/lib/schemas/concepts";

export type PracticeQuestion = PracticeSet["questions"][number];
export type PracticeCard = PracticeSet["cards"][number];
export type PracticeItem = { kind: "question"; question: PracticeQuestion } | { kind: "card"; card: PracticeCard };

/** A practice set as one session: questions and due cards taken in turn (a question first), the longer list's rest at the end. */
export function practiceItems(set: Pick<PracticeSet, "cards" | "questions">): PracticeItem[] {
  const items: PracticeItem[] = [];
  for (let i = 0; i < Math.max(set.questions.length, set.cards.length); i += 1) {
    const question = set.questions[i];
    const card = set.cards[i];
    if (question) items.push({ kind: "question", question });
    if (card) items.push({ kind: "card", card });
  }
  return items;
}

export const itemKey = (item: PracticeItem) => (item.kind === "question" ? `q${item.question.id}` : `c${item.card.id}`);

export type PracticeTally = { questions: number; right: number; cards: number };

/** "You got 3 of 4 questions right and reviewed 2 cards." */
export function tallyText({ questions, right, cards }: PracticeTally): string {
  const parts: string[] = [];
  if (questions > 0) parts.push(`got ${right} of ${questions} question${questions === 1 ? "" : "s"} right`);
  if (cards > 0) parts.push(`reviewed ${cards} card${cards === 1 ? "" : "s"}`);
  return parts.length === 0 ? "You did not answer anything this time." : `You ${parts.join(" and ")}.`;
}

/**
 * Cards from missed quiz questions stand on their own (issue 30): through quiz.submitAttempt on
 * the offline engine's real quizzes, /review's queue and the TSV export; and the data migration
 * that rewrites the cards made before, run on a database holding old-style cards.
 */
import { readFile } from "node:fs/promises";

import { describe, expect, test } from "vitest";

import { quizCardFront } from "~/server/services/cards/quiz-cards";

import { createTestCaller, sessionTokenFor } from "../../../test/caller";
import { db, getPool } from "../../../test/db";
import { createCardRow } from "../../../test/factories/study-rows";
import { createUser } from "../../../test/factories";
import { createQuiz, createQuizCourse } from "../../../test/factories/quiz";
import { apiRequest } from "../../../test/http";

import { serveApiRoute } from "./routes";

const MIGRATION = "prisma/migrations/20261127090000_quiz_card_options/migration.sql";
const STATEMENT_QUESTION = "Which statement does the video make in this section?";

/** A TSV as Anki reads it: tab-separated cells, quoted ("" for a quote) when they hold a tab, a line break or a quote. */
function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"' && cell === "") {
      const end = text.indexOf('"', i + 1);
      let quoted = "";
      let at = i + 1;
      for (let close = end; ; close = text.indexOf('"', close + 2)) {
        if (text[close + 1] !== '"') {
          quoted += text.slice(at, close);
          i = close;
          break;
        }
        quoted += text.slice(at, close + 1);
        at = close + 2;
      }
      cell = quoted;
    } else if (char === "\t") {
      row.push(cell);
      cell = "";
    } else if (char === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
    } else cell += char;
  }
  return rows;
}

/** A front that is only a question's stem, with nothing to answer from: a "Which …" question without its options. */
const isBareChoiceStem = (front: string) => /^Which\b[^\n]*\?$/.test(front.trim());

describe("missing every question of a course's quizzes", () => {
  test("makes cards with distinct fronts that can each be answered, on /review and in the TSV; the attempt says how many", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user });
    const { course, sections } = await createQuizCourse(db, { userId: user.id });

    const asked: { questionText: string; options: string[] }[] = [];
    let made = 0;
    for (const section of sections) {
      const { quiz, questions } = await caller.quiz.generate({ id: section.id });
      const stored = await db.quizQuestion.findMany({ where: { quizId: quiz.id }, select: { id: true, correctAnswer: true } });
      const wrong = questions.map((q) => ({
        questionId: q.id,
        answer: q.kind === "open" ? "I do not remember." : q.options.find((o) => o !== stored.find((s) => s.id === q.id)!.correctAnswer)!,
      }));
      const result = await caller.quiz.submitAttempt({ id: quiz.id, answers: wrong });
      expect(result.score).toBe(0);
      expect(result.cardsCreated).toBe(questions.length);
      made += result.cardsCreated;
      asked.push(...questions);
      // A retake makes no second card of a question.
      expect((await caller.quiz.submitAttempt({ id: quiz.id, answers: wrong })).cardsCreated).toBe(0);
    }
    // The offline engine's true-statement question is among them: the one that used to make a bare
    // card (a quiz now drops a statement whose sentence another question shows, so there may be one).
    expect(asked.filter((q) => q.questionText === STATEMENT_QUESTION).length).toBeGreaterThanOrEqual(1);

    const cards = await db.card.findMany({ where: { userId: user.id }, select: { front: true } });
    expect(cards).toHaveLength(made);
    const { cards: queued } = await caller.review.queue();
    const response = await serveApiRoute(
      apiRequest("GET", `/api/cards/export?format=tsv&courseId=${course.id}`, { sessionToken: await sessionTokenFor(user) }),
    );
    expect(response.status).toBe(200);
    const exported = parseTsv(await response.text())
      .slice(3)
      .map(([front]) => front!);

    for (const [where, fronts] of [
      ["stored", cards.map((c) => c.front)],
      ["review queue", queued.map((c) => c.front)],
      ["TSV", exported],
    ] as const) {
      expect(fronts, where).toHaveLength(made);
      expect(new Set(fronts).size, `${where}: distinct fronts`).toBe(made);
      for (const front of fronts) {
        expect(isBareChoiceStem(front), `${where}: ${front}`).toBe(false);
        // A choice keeps its options (a cloze its blank); an open question asks on its own.
        const openQuestion = front.startsWith("In your own words");
        expect(openQuestion || front.includes("_____") || /\nA\. .+\nB\. .+\nC\. .+\nD\. .+$/.test(front), `${where}: ${front}`).toBe(true);
      }
    }
    for (const { questionText, options } of asked.filter((q) => q.questionText === STATEMENT_QUESTION))
      expect(exported).toContain(`${questionText}\n\n${options.map((o, i) => `${"ABCD"[i]}. ${o}`).join("\n")}`);
  });

  test("the same question in two sections of a course gives two fronts told apart by their moment", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user });
    const { sections } = await createQuizCourse(db, { userId: user.id });
    const question = {
      questionText: "Which one halves the range?",
      options: ["Binary search", "Linear search", "Hashing", "Sorting"],
      correctAnswer: "Binary search",
    };
    const first = await createQuiz(db, sections[0]!.id, [{ ...question, sourceTime: 30 }]);
    const second = await createQuiz(db, sections[1]!.id, [{ ...question, sourceTime: 75 }]);
    for (const quiz of [first, second]) await caller.quiz.submitAttempt({ id: quiz.id, answers: [{ questionId: quiz.questions[0]!.id, answer: "Hashing" }] });
    const fronts = (await db.card.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } })).map((c) => c.front);
    const withOptions = "Which one halves the range?\n\nA. Binary search\nB. Linear search\nC. Hashing\nD. Sorting";
    expect(fronts).toEqual([withOptions, `${withOptions}\n\n(at 1:15)`]);
  });
});

describe(`migration ${MIGRATION}`, () => {
  test("rewrites old-style cards of choice questions with their options, tells repeated fronts apart, leaves the rest alone, and changes nothing run again", async () => {
    const user = await createUser(db);
    const { course, sections } = await createQuizCourse(db, { userId: user.id });
    const statement = { questionText: STATEMENT_QUESTION, options: ["It halves.", "It doubles.", "It sorts.", "It skips."], correctAnswer: "It halves." };
    const cloze = {
      questionText: 'Complete what the video says: "Binary search _____ the range."',
      options: ["halves", "doubles", "sorts", "skips"],
      correctAnswer: "halves",
    };
    const spanish = { questionText: "¿Cuál de las siguientes afirmaciones hace el vídeo?", options: ["Uno", "Dos", "Tres", "Cuatro"], correctAnswer: "Uno" };
    const quizA = await createQuiz(db, sections[0]!.id, [
      { ...statement, sourceTime: 30 },
      { ...statement, options: ["It halves!", "It doubles!", "It sorts!", "It skips!"], correctAnswer: "It halves!", sourceTime: 40 },
      { ...cloze, sourceTime: 50 },
      { ...spanish, sourceTime: 55 },
    ]);
    // The same question in another section: its card repeats the first one's front once rewritten.
    const quizB = await createQuiz(db, sections[1]!.id, [{ ...statement, sourceTime: 3725 }]);
    const [a1, a2, a3, a4] = quizA.questions;
    const [b1] = quizB.questions;
    const oldCard = (question: { id: number; questionText: string; sourceTime: number | null }) =>
      db.card.create({
        data: {
          userId: user.id,
          courseId: course.id,
          source: "quiz",
          questionId: question.id,
          front: question.questionText,
          back: "b",
          timeSeconds: question.sourceTime,
          due: new Date(),
        },
      });
    const cards = [await oldCard(a1!), await oldCard(a2!), await oldCard(a3!), await oldCard(a4!), await oldCard(b1!)];
    const manual = await createCardRow(db, { userId: user.id, courseId: course.id, front: STATEMENT_QUESTION, back: "my own card" });
    const other = await createUser(db);
    const theirs = await createCardRow(db, { userId: other.id, courseId: course.id, front: "Untouched", back: "b", source: "quiz" });

    const sql = await readFile(MIGRATION, "utf8");
    await getPool().query(sql);
    const frontOf = async (id: number) => (await db.card.findUniqueOrThrow({ where: { id } })).front;
    const expected = [quizCardFront(a1!), quizCardFront(a2!), a3!.questionText, quizCardFront(a4!), `${quizCardFront(b1!)}\n\n(at 1:02:05)`];
    expect(await Promise.all(cards.map((c) => frontOf(c.id)))).toEqual(expected);
    expect(expected[0]).toBe(`${STATEMENT_QUESTION}\n\nA. It halves.\nB. It doubles.\nC. It sorts.\nD. It skips.`);
    expect(await frontOf(manual.id)).toBe(STATEMENT_QUESTION);
    expect(await frontOf(theirs.id)).toBe("Untouched");

    const before = await db.card.findMany({ orderBy: { id: "asc" } });
    await getPool().query(sql);
    expect(await db.card.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  test("runs on a database without cards", async () => {
    await db.card.deleteMany({});
    const results = (await getPool().query(await readFile(MIGRATION, "utf8"))) as unknown as { command: string; rowCount: number }[];
    expect(results.map(({ command, rowCount }) => ({ command, rowCount }))).toEqual(Array.from({ length: 3 }, () => ({ command: "UPDATE", rowCount: 0 })));
  });
});

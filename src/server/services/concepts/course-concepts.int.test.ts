/** Concepts and mastery on a real database: finding, sharing, tagging, evidence, the map and the backfill, through the tRPC caller. */
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, test } from "vitest";

import { createLlmQuizEngine } from "~/server/ai/quiz";

import { MASTERY_PARAMETERS } from "~/server/services/mastery/model";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createProgress, createUser } from "../../../../test/factories";
import { HASHING, hashingCourseWithQuiz, videoCourse } from "../../../../test/factories/concepts";
import { createQuiz } from "../../../../test/factories/quiz";
import { createCardRow } from "../../../../test/factories/study-rows";
import { reply, userText } from "../../../../test/mock-model";
import { generateSectionQuiz } from "../quiz/generate-quiz";
import { startConceptBackfill } from "./backfill";
import { refreshCourseConcepts, tagQuizQuestions } from "./course-concepts";

const conceptsOf = async (courseId: number, userId: number) =>
  (await (await createTestCaller({ user: { id: userId } })).caller.mastery.courseConcepts({ id: courseId })).concepts;

describe("a course's concepts", () => {
  test("are found from its transcript, each with a definition the video says and its moments in the course's sections", async () => {
    const { course, sections } = await videoCourse(db, HASHING);
    const refreshed = await refreshCourseConcepts(db, course.id);
    const concepts = await conceptsOf(course.id, course.userId);
    expect(refreshed).toBe(concepts.length);
    const labels = concepts.map((c) => c.label.toLowerCase());
    expect(labels).toEqual(expect.arrayContaining(["hash table", "hash function", "load factor"]));
    const sectionIds = new Set(sections.map((s) => s.id));
    for (const concept of concepts) {
      expect(concept.moments.length).toBeGreaterThan(0);
      for (const moment of concept.moments) {
        expect(sectionIds.has(moment.sectionId)).toBe(true);
        const section = sections.find((s) => s.id === moment.sectionId)!;
        expect(moment.timeSeconds).toBeGreaterThanOrEqual(section.timeStart);
        expect(moment.timeSeconds).toBeLessThan(section.timeEnd!);
      }
      expect(concept.definition.length).toBeGreaterThan(10);
    }
    const loadFactor = concepts.find((c) => c.label.toLowerCase() === "load factor")!;
    expect(loadFactor.definition).toBe("The load factor is the number of keys divided by the number of buckets.");
    expect(loadFactor.moments).toEqual([{ sectionId: sections[2]!.id, timeSeconds: 120 }]);
    expect((await db.course.findUniqueOrThrow({ where: { id: course.id } })).conceptsAt).not.toBeNull();
  });

  test("two courses on related videos share concept ids; a course in another language shares none, even for the same word", async () => {
    const first = await videoCourse(db, HASHING);
    const second = await videoCourse(db, [HASHING[2]!, ["Today, more on the hash table and its buckets.", ...HASHING[0]!.slice(1)]]);
    const spanish = await videoCourse(
      db,
      [
        [
          "Python es un lenguaje.",
          "Python se lee con facilidad.",
          "Python tiene muchas bibliotecas.",
          "Con Python se escriben scripts.",
          "Python es gratuito.",
          "Así es Python.",
        ],
        [
          "Ahora las listas.",
          "Una lista guarda valores en orden.",
          "La lista crece sola.",
          "Cada lista tiene un índice.",
          "La lista admite valores repetidos.",
          "Así funciona la lista.",
        ],
      ],
      { language: "es" },
    );
    for (const { course } of [first, second, spanish]) await refreshCourseConcepts(db, course.id);
    const ids = async ({ course }: { course: { id: number; userId: number } }) => new Set((await conceptsOf(course.id, course.userId)).map((c) => c.id));
    const [a, b, es] = [await ids(first), await ids(second), await ids(spanish)];
    expect([...a].filter((id) => b.has(id)).length).toBeGreaterThan(0);
    expect(es.size).toBeGreaterThan(0);
    expect([...es].filter((id) => a.has(id) || b.has(id))).toEqual([]);
    const python = await videoCourse(db, [
      ["Python is a language.", "Python reads easily.", "Python has many libraries.", "Scripts are written in Python.", "Python is free.", "That is Python."],
      [
        "Now lists.",
        "A list keeps values in order.",
        "The list grows by itself.",
        "Each list has an index.",
        "A list allows repeated values.",
        "That is how a list works.",
      ],
    ]);
    await refreshCourseConcepts(db, python.course.id);
    const [englishPython, spanishPython] = await Promise.all(
      ["en", "es"].map((language) => db.concept.findUnique({ where: { language_key: { language, key: "python" } } })),
    );
    expect(englishPython && spanishPython && englishPython.id !== spanishPython.id).toBe(true);
    expect(es.has(spanishPython!.id) && !es.has(englishPython!.id)).toBe(true);
  });

  test("are none when the course is written in another language than its transcript", async () => {
    const { course } = await videoCourse(db, HASHING);
    await db.course.update({ where: { id: course.id }, data: { language: "de" } });
    expect(await refreshCourseConcepts(db, course.id)).toBe(0);
    expect(await conceptsOf(course.id, course.userId)).toEqual([]);
  });

  test("a course a model wrote has the concepts the model named, at the moments its transcript says them, shared with a course found offline", async () => {
    const named = [
      [{ label: "Hash tables", definition: "A structure that stores values under keys in buckets." }],
      [
        { label: "hash function", definition: "Turns a key into a bucket number." },
        { label: "Hash table", definition: "" },
      ],
      [{ label: "Load factor", definition: "Keys per bucket." }],
    ];
    const { course, sections } = await videoCourse(db, HASHING);
    for (const [k, section] of sections.entries()) await db.section.update({ where: { id: section.id }, data: { modelConcepts: named[k]! } });
    expect(await refreshCourseConcepts(db, course.id)).toBe(3);
    const concepts = await conceptsOf(course.id, course.userId);
    // A label is the concept's, shared: the first course that named it in a language chose it.
    expect(concepts.map((c) => [c.label.toLowerCase().replace(/s$/, ""), c.definition])).toEqual([
      ["hash table", "A structure that stores values under keys in buckets."],
      ["hash function", "Turns a key into a bucket number."],
      ["load factor", "Keys per bucket."],
    ]);
    // The first line of each section that says it (a line every 10 s, sections of 60 s), or the
    // section's start: the second section never says "hash table".
    expect(concepts[0]!.moments).toEqual([
      { sectionId: sections[0]!.id, timeSeconds: 0 },
      { sectionId: sections[1]!.id, timeSeconds: 60 },
    ]);
    expect(concepts[1]!.moments).toEqual([{ sectionId: sections[1]!.id, timeSeconds: 60 }]);
    expect(concepts[2]!.moments).toEqual([{ sectionId: sections[2]!.id, timeSeconds: 120 }]);

    const offline = await videoCourse(db, HASHING);
    await refreshCourseConcepts(db, offline.course.id);
    const offlineIds = new Set((await conceptsOf(offline.course.id, offline.course.userId)).map((c) => c.id));
    expect(concepts.filter((c) => offlineIds.has(c.id))).toHaveLength(3);
  });

  test("a course a model wrote in another language than its transcript has the model's concepts, at its sections' starts", async () => {
    const { course, sections } = await videoCourse(db, HASHING);
    await db.course.update({ where: { id: course.id }, data: { language: "de" } });
    await db.section.update({ where: { id: sections[2]!.id }, data: { modelConcepts: [{ label: "Belegungsfaktor", definition: "Schlüssel je Eimer." }] } });
    expect(await refreshCourseConcepts(db, course.id)).toBe(1);
    const [concept] = await conceptsOf(course.id, course.userId);
    expect(concept).toMatchObject({ label: "Belegungsfaktor", moments: [{ sectionId: sections[2]!.id, timeSeconds: sections[2]!.timeStart }] });
    expect(await db.concept.findUniqueOrThrow({ where: { id: concept!.id } })).toMatchObject({ language: "de" });
  });

  test("finding them again replaces them without duplicates, and the backfill leaves a course already done", async () => {
    const { course } = await videoCourse(db, HASHING);
    const count = await refreshCourseConcepts(db, course.id);
    const before = await conceptsOf(course.id, course.userId);
    expect(await refreshCourseConcepts(db, course.id)).toBe(count);
    expect(await conceptsOf(course.id, course.userId)).toEqual(before);
    expect(await refreshCourseConcepts(db, course.id, { onlyIfPending: true })).toBeNull();
    const edges = await db.conceptEdge.findMany({ where: { courseId: course.id } });
    expect(edges.some((e) => e.kind === "before")).toBe(true);
    for (const edge of edges.filter((e) => e.kind === "with")) expect(edge.fromId).toBeLessThan(edge.toId);
  });

  test("a private course's concepts are its owner's: another learner gets 404", async () => {
    const { course } = await videoCourse(db, HASHING);
    await refreshCourseConcepts(db, course.id);
    const other = await createUser(db);
    const { caller } = await createTestCaller({ user: other });
    await expectTRPCError(caller.mastery.courseConcepts({ id: course.id }), "NOT_FOUND", "Course Not Found");
  });

  test("the backfill finds the concepts of ready courses that have none", async () => {
    const pending = [await videoCourse(db, HASHING), await videoCourse(db, HASHING)];
    const backfill = startConceptBackfill(db, { delayMs: 0, idleMs: 50 });
    try {
      const deadline = Date.now() + 20_000;
      const done = async () =>
        (await db.course.count({ where: { id: { in: pending.map((p) => p.course.id) }, conceptsAt: { not: null } } })) === pending.length;
      while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await done()).toBe(true);
    } finally {
      await backfill.stop();
    }
    for (const { course } of pending) expect((await conceptsOf(course.id, course.userId)).length).toBeGreaterThan(0);
  });
});

describe("evidence and mastery", () => {
  /** A public course with its concepts and a quiz of two questions on hash functions in its second section. */
  async function quizOnHashFunctions() {
    const { course, sections, quiz } = await hashingCourseWithQuiz(db);
    const hashFunction = (await conceptsOf(course.id, course.userId)).find((c) => c.label.toLowerCase() === "hash function")!;
    return { course, sections, quiz, hashFunction };
  }

  test("quiz questions are tagged with the concepts they name, also in a quiz made after the concepts", async () => {
    const { quiz, hashFunction, sections } = await quizOnHashFunctions();
    const tags = await db.questionConcept.findMany({ where: { questionId: { in: quiz.questions.map((q) => q.id) } } });
    for (const question of quiz.questions) expect(tags.filter((t) => t.questionId === question.id).map((t) => t.conceptId)).toContain(hashFunction.id);

    const later = await createQuiz(db, sections[2]!.id, [
      {
        questionText: "What grows with the load factor?",
        options: ["Collisions from the hash function", "Keys", "Memory", "Nothing"],
        correctAnswer: "Collisions from the hash function",
      },
    ]);
    await tagQuizQuestions(db, later.id);
    const laterTags = await db.questionConcept.findMany({ where: { questionId: later.questions[0]!.id } });
    expect(laterTags.map((t) => t.conceptId)).toContain(hashFunction.id);
  });

  test("a model's quiz is tagged as the model tagged it, with the section's concepts it was shown; a question it left untagged, by its words", async () => {
    const { course, sections } = await videoCourse(db, HASHING);
    await refreshCourseConcepts(db, course.id);
    const concepts = await conceptsOf(course.id, course.userId);
    const idOf = (label: string) => concepts.find((c) => c.label.toLowerCase() === label)!.id;
    const model = new MockLanguageModelV4({
      doGenerate: (options) => {
        const ids = [...userText(options).matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));
        const question = (n: number, concepts: string[]) => ({
          segmentId: ids[n]!,
          questionText: `Question ${n}: which line of the video comes ${n} lines in?`,
          options: [`Line ${n}`, `Line ${n + 10}`, `Line ${n + 20}`, `Line ${n + 30}`],
          correctAnswer: `Line ${n}`,
          explanation: "As the video says.",
          concepts,
        });
        return reply({ title: "Q", description: "D", questions: [question(0, ["hash function"]), question(1, []), question(2, ["Load factor of a planet"])] });
      },
    });
    const quiz = await generateSectionQuiz(db, { sectionId: sections[1]!.id, userId: course.userId }, { engine: createLlmQuizEngine(model) });
    const shown = /<section_concepts>\n([\s\S]*?)\n<\/section_concepts>/.exec(userText(model.doGenerateCalls[0]!))![1]!.split("\n");
    expect(shown.map((label) => label.toLowerCase())).toContain("hash function");
    expect(shown.map((label) => label.toLowerCase())).not.toContain("load factor");

    const tagsOf = async (questionId: number) => (await db.questionConcept.findMany({ where: { questionId } })).map((t) => t.conceptId);
    const [first, second, third] = quiz.questions;
    expect(await tagsOf(first!.id)).toEqual([idOf("hash function")]);
    // Untagged, or tagged with a concept it was not shown: its section's concept nearest its moment.
    for (const question of [second!, third!]) expect((await tagsOf(question.id)).length).toBe(1);

    // Finding the course's concepts again keeps the model's tags (their concepts remain); the others are tagged by words again.
    const wordTags = await tagsOf(second!.id);
    await refreshCourseConcepts(db, course.id);
    expect(await tagsOf(first!.id)).toEqual([idOf("hash function")]);
    expect(await tagsOf(second!.id)).toEqual(wordTags);
    expect((await db.questionConcept.findMany({ where: { questionId: first!.id } })).map((t) => t.byModel)).toEqual([true]);
  });

  test("a learner who misses the questions on a concept ends lower than one who answers them right", async () => {
    const { quiz, hashFunction } = await quizOnHashFunctions();
    const masteryAfter = async (pick: (q: (typeof quiz.questions)[number]) => string) => {
      const learner = await createUser(db);
      const { caller } = await createTestCaller({ user: learner });
      await caller.quiz.submitAttempt({ id: quiz.id, answers: quiz.questions.map((q) => ({ questionId: q.id, answer: pick(q) })) });
      const map = await caller.mastery.map();
      return map.concepts.find((c) => c.id === hashFunction.id);
    };
    const right = await masteryAfter((q) => q.correctAnswer);
    const wrong = await masteryAfter((q) => q.options.find((o) => o !== q.correctAnswer)!);
    expect(right?.evidenceCount).toBe(2);
    expect(wrong?.evidenceCount).toBe(2);
    expect(right!.mastery).toBeGreaterThan(MASTERY_PARAMETERS.prior);
    expect(wrong!.mastery).toBeLessThan(MASTERY_PARAMETERS.prior);
    expect(right!.lastEvidenceAt).not.toBeNull();
  });

  test("a card review moves mastery on the card's concepts: a note card by its moment's section", async () => {
    const { course, hashFunction } = await quizOnHashFunctions();
    const learner = await createUser(db);
    const card = await createCardRow(db, {
      userId: learner.id,
      courseId: course.id,
      front: "What spreads keys?",
      back: "A good one",
      timeSeconds: 75,
      source: "note",
    });
    const { caller } = await createTestCaller({ user: learner });
    await caller.cards.review({ id: card.id, rating: "good" });
    const stored = await db.conceptMastery.findUniqueOrThrow({ where: { userId_conceptId: { userId: learner.id, conceptId: hashFunction.id } } });
    expect(stored.evidenceCount).toBe(1);
    expect(stored.pKnown).toBeGreaterThan(MASTERY_PARAMETERS.prior);
  });

  test("the map holds the learner's courses' concepts at the prior before evidence, with their moments and links", async () => {
    const { course, hashFunction } = await quizOnHashFunctions();
    const learner = await createUser(db);
    const { caller } = await createTestCaller({ user: learner });
    expect((await caller.mastery.map()).concepts).toEqual([]);
    await createProgress(db, { userId: learner.id, courseId: course.id });
    const map = await caller.mastery.map();
    const concept = map.concepts.find((c) => c.id === hashFunction.id)!;
    expect(concept).toMatchObject({ label: hashFunction.label, language: "en", mastery: MASTERY_PARAMETERS.prior, evidenceCount: 0, lastEvidenceAt: null });
    expect(concept.courses).toEqual([{ courseId: course.id, title: course.title, moments: hashFunction.moments }]);
    const ids = new Set(map.concepts.map((c) => c.id));
    expect(map.edges.length).toBeGreaterThan(0);
    for (const edge of map.edges) expect(ids.has(edge.from) && ids.has(edge.to)).toBe(true);
  });

  test("two attempts at once on one quiz: both are stored, the first answers to its questions are the evidence, once", async () => {
    const { quiz, hashFunction } = await quizOnHashFunctions();
    const learner = await createUser(db);
    const { caller } = await createTestCaller({ user: learner });
    const answers = quiz.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer }));
    await Promise.all([caller.quiz.submitAttempt({ id: quiz.id, answers }), caller.quiz.submitAttempt({ id: quiz.id, answers })]);
    const stored = await db.conceptMastery.findUniqueOrThrow({ where: { userId_conceptId: { userId: learner.id, conceptId: hashFunction.id } } });
    expect(stored.evidenceCount).toBe(2);
    expect(await db.quizAttempt.count({ where: { quizId: quiz.id, userId: learner.id } })).toBe(2);
  });
});

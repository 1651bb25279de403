/**
 * Open questions on the offline engine ("In your own words, how does … work, step by step…?"), at
 * a desktop and a phone viewport: the text area is labelled and counts its characters, a blank
 * answer keeps the quiz from being sent (focus goes to it); a bare list of the reference's words
 * earns little, with its credit in words and percent, feedback that asks for a sentence and names
 * none of the words, what the video says and a moment to rewatch; the retake that says the same in
 * other words passes. axe finds nothing on either graded quiz.
 */
import { type APIRequestContext } from "@playwright/test";

import { CoursePage } from "./pages/course-page";
import { QuizQuestion } from "./pages/quiz-questions";
import { expect, expectAccessible, generateCourse, OFFLINE_BASE_URL, registerViaApi, routeYouTube, test, VIEWPORTS } from "./fixtures";

type QuizView = { quiz: { id: number }; questions: { id: number; kind: "choice" | "open"; questionText: string; options: string[] }[] };
type Attempt = { results: { questionId: number; correctAnswer: string }[] };

const CREDIT = /^(Right|Mostly right|Partly right|Missed) — \d{1,3}%$/;
const POOR_ANSWER = "I am not sure, something about it.";
/**
 * A learner's keyword list and paraphrase for each reference the offline engine may ask about
 * first on the binary search lesson (test/fixtures/videos).
 */
const ANSWERS: readonly { reference: RegExp; keywords: string; paraphrase: string }[] = [
  {
    reference: /^You could start at the first page and read every name/,
    keywords: "page read names million binary search twenty steps",
    paraphrase:
      "To find a name you could go page by page and read each one, which at worst means reading a million names, while binary search gets there in roughly twenty steps.",
  },
  {
    reference: /^Open the book right in the middle and look at the name on that page/,
    keywords: "open book middle name page ignore half",
    paraphrase: "You open the book at its middle page and read the name there; when the name you want comes earlier, you ignore the half of the book after it.",
  },
  {
    reference: /^If the name you want comes before it, you can ignore the whole second half/,
    keywords: "ignore half book comparison names",
    paraphrase: "Comparing with the middle name tells you which half of the book to skip, so every comparison discards half the names that are left.",
  },
];

/**
 * The first section whose quiz has an open question, with its choices' right options, as another
 * learner's course on the same video has it (the offline engine writes the same quiz for the same
 * section): the learner under test starts with no attempt and no card.
 */
async function scoutQuiz(request: APIRequestContext) {
  await registerViaApi(request, undefined, OFFLINE_BASE_URL);
  const { sections } = await generateCourse(request, OFFLINE_BASE_URL, "binary search");
  for (const [index, section] of sections.entries()) {
    const generated = await request.post(`${OFFLINE_BASE_URL}/api/sections/${section.id}/generate-quiz`);
    expect(generated.status(), await generated.text()).toBe(200);
    const view = (await generated.json()) as QuizView;
    if (!view.questions.some((q) => q.kind === "open")) continue;
    const attempt = await request.post(`${OFFLINE_BASE_URL}/api/quizzes/${view.quiz.id}/attempts`, {
      data: { answers: view.questions.map((q) => ({ questionId: q.id, answer: q.kind === "open" ? POOR_ANSWER : q.options[0] })) },
    });
    expect(attempt.status(), await attempt.text()).toBe(200);
    const { results } = (await attempt.json()) as Attempt;
    return { index, questions: view.questions.map((q) => ({ ...q, correct: results.find((r) => r.questionId === q.id)!.correctAnswer })) };
  }
  throw new Error("No section of the course has an open question");
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: an open answer that lists the video's words earns little, the same explanation in other words passes`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const scout = await browser.newContext();
    const { index, questions } = await scoutQuiz(scout.request);
    await scout.close();
    const openIndexes = questions.flatMap((q, i) => (q.kind === "open" ? [i] : []));
    expect(openIndexes.length).toBeGreaterThanOrEqual(1);
    expect(openIndexes.length).toBeLessThanOrEqual(2);
    const asked = questions[openIndexes[0]!]!;
    const answers = ANSWERS.find(({ reference }) => reference.test(asked.correct));
    expect(answers, `The offline engine's first open question changed; write a keyword list and a paraphrase of: ${asked.correct}`).toBeDefined();
    const { keywords: list, paraphrase } = answers!;

    await routeYouTube(page);
    await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
    const { detail, sections } = await generateCourse(page.request, OFFLINE_BASE_URL, "binary search");
    const coursePage = new CoursePage(page, OFFLINE_BASE_URL);
    await coursePage.goto(detail.course.id);
    await expect(coursePage.sectionTitle()).toBeVisible({ timeout: 60_000 });
    // On to its section (on a phone the outline is folded away: the next button, which completes the ones before).
    for (const before of sections.slice(0, index)) {
      await expect(coursePage.sectionTitle()).toHaveText(before.title);
      await coursePage.nextButton().click();
    }
    await expect(coursePage.sectionTitle()).toHaveText(sections[index]!.title);
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    await expect(coursePage.questions()).toHaveCount(questions.length);

    const question = (i: number) => new QuizQuestion(coursePage.questions().nth(i));
    const open = question(openIndexes[0]!);
    await expect(open.root.locator("legend")).toHaveText(`${openIndexes[0]! + 1}. ${questions[openIndexes[0]!]!.questionText}`);
    await expect(open.answerField()).toHaveAttribute("maxlength", "1000");
    await expect(open.characterCount()).toHaveText("0 of 1,000 characters");

    // First attempt: every choice wrong, the open answers blank, then a bare list of the reference's words.
    for (const [i, q] of questions.entries()) {
      if (q.kind === "choice")
        await coursePage.choose(
          coursePage.questions().nth(i),
          q.options.find((option) => option !== q.correct)!,
        );
    }
    for (const i of openIndexes) await question(i).answerField().fill("   ");
    await coursePage.submitButton().click();
    await expect(page.getByText("You need to answer all questions before submitting.")).toBeVisible();
    await expect(open.answerField()).toBeFocused();
    await expect(coursePage.quiz().getByTestId("quiz-result")).toHaveCount(0);

    for (const i of openIndexes) await question(i).answerField().fill(list);
    await expect(open.characterCount()).toHaveText(`${list.length} of 1,000 characters`);
    await coursePage.submitButton().click();
    await expect(coursePage.quiz().getByTestId("quiz-score")).toBeVisible();
    await expect(open.credit()).toHaveText(CREDIT);
    await expect(open.feedback()).toContainText("Your answer lists words without saying how they relate.");
    for (const word of list.split(" ")) await expect(open.feedback()).not.toContainText(word);
    await expect(open.reference()).toContainText("What the video says");
    const reference = (await open.referenceText().innerText()).trim();
    expect(reference.length).toBeGreaterThan(0);
    await expect(open.rewatch()).toBeVisible();
    await expect(open.answerField()).toHaveValue(list);
    await expect(open.answerField()).not.toBeEditable();
    const listCredit = await open.creditPercent();
    expect(listCredit).toBeLessThanOrEqual(25);
    await expect(open.root).toHaveAttribute("data-correct", "false");
    // The choice questions' results stay as they were.
    const choiceIndex = questions.findIndex((q) => q.kind === "choice");
    if (choiceIndex >= 0) {
      await expect(question(choiceIndex).root.getByTestId("quiz-explanation")).toContainText("Incorrect. The correct answer is:");
      await expect(question(choiceIndex).credit()).toHaveCount(0);
    }
    await open.root.scrollIntoViewIfNeeded();
    await expectAccessible(page);

    // The retake: the choices right, the open answer the same explanation in other words.
    await coursePage.quiz().getByRole("button", { name: "Try Again" }).click();
    await expect(open.answerField()).toHaveValue("");
    await expect(open.answerField()).toBeEditable();
    for (const [i, q] of questions.entries()) {
      if (q.kind === "choice") await coursePage.choose(coursePage.questions().nth(i), q.correct);
    }
    await open.answerField().fill(paraphrase);
    for (const i of openIndexes.slice(1)) await question(i).answerField().fill(POOR_ANSWER);
    await coursePage.submitButton().click();
    await expect(open.credit()).toHaveText(CREDIT);
    expect(await open.creditPercent()).toBeGreaterThanOrEqual(60);
    await expect(open.root).toHaveAttribute("data-correct", "true");
    await expect(open.feedback()).toContainText(/\S/);
    await expect(open.referenceText()).toHaveText(reference);
    await open.root.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

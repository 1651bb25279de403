/**
 * Cards from a quiz missed entirely, on the offline engine (its quizzes ask "Which statement does
 * the video make in this section?" and end on open ones, "In your own words, …"), at a desktop and a
 * phone viewport: the graded quiz says how many cards its missed questions became, open ones too,
 * with a link to /review; there every card can be answered on its own (a cloze, the question with
 * its options, or an open question asked again) and no two have the same front.
 */
import { type APIRequestContext } from "@playwright/test";

import { CoursePage } from "./pages/course-page";
import { ReviewPage } from "./pages/review-page";
import {
  cardFront,
  expect,
  expectAccessible,
  generateCourse,
  learnQuiz,
  OFFLINE_BASE_URL,
  registerViaApi,
  routeYouTube,
  test,
  VIEWPORTS,
  wrongAnswer,
} from "./fixtures";

const STATEMENT_QUESTION = "Which statement does the video make in this section?";

/**
 * The section quiz with the most kinds of question among a statement, a choice and an open one
 * (the first of those), with its right answers, as another learner's course on the same video has
 * it: the offline engine writes the same quiz for the same section, so the learner under test makes
 * no card while its answers are learned. (A quiz keeps only questions that do not give each other
 * away, so not every section has every kind; the course's statement cards are checked by
 * src/server/api/quiz-cards.int.test.ts.)
 */
async function scoutQuiz(request: APIRequestContext) {
  await registerViaApi(request, undefined, OFFLINE_BASE_URL);
  const { sections } = await generateCourse(request, OFFLINE_BASE_URL, "binary search");
  let best: { index: number; questions: Awaited<ReturnType<typeof learnQuiz>>["questions"]; kinds: number } | null = null;
  for (const [index, section] of sections.entries()) {
    const { questions } = await learnQuiz(request, section.id, OFFLINE_BASE_URL);
    const kinds = [
      questions.some((q) => q.questionText === STATEMENT_QUESTION),
      questions.some((q) => q.kind === "choice" && q.questionText !== STATEMENT_QUESTION),
      questions.some((q) => q.kind === "open"),
    ].filter(Boolean).length;
    if (questions.some((q) => q.kind === "open") && kinds > (best?.kinds ?? 0)) best = { index, questions, kinds };
  }
  if (!best) throw new Error("No section's quiz asks an open question");
  return best;
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: a quiz missed entirely says how many cards it made; on /review each card can be answered and none repeats another`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const scout = await browser.newContext();
    const { index: quizIndex, questions } = await scoutQuiz(scout.request);
    await scout.close();
    expect(questions.some((q) => q.kind === "choice")).toBe(true);
    const openQuestions = questions.filter((q) => q.kind === "open").map((q) => q.questionText);
    expect(openQuestions.length).toBeGreaterThanOrEqual(1);

    await routeYouTube(page);
    await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
    const { detail, sections } = await generateCourse(page.request, OFFLINE_BASE_URL, "binary search");
    const coursePage = new CoursePage(page, OFFLINE_BASE_URL);
    await coursePage.goto(detail.course.id);
    const quizzed = sections[quizIndex]!;
    // On to its section (on a phone the outline is folded away: the next button, which completes the ones before).
    for (const before of sections.slice(0, quizIndex)) {
      await expect(coursePage.sectionTitle()).toHaveText(before.title);
      await coursePage.nextButton().click();
    }
    await expect(coursePage.sectionTitle()).toHaveText(quizzed.title);
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    await expect(coursePage.questions()).toHaveCount(questions.length);
    for (const [index, question] of questions.entries()) {
      await expect(coursePage.questions().nth(index).locator("legend")).toHaveText(`${index + 1}. ${question.questionText}`);
      await coursePage.question(index).answer(wrongAnswer(question));
    }
    await coursePage.submitButton().click();
    const told = coursePage.quiz().getByTestId("quiz-cards");
    await expect(told).toHaveText(`${questions.length} review cards made from the questions you missed. Review your cards`);
    const link = told.getByRole("link", { name: "Review your cards" });
    await expect(link).toHaveAttribute("href", "/review");
    await told.scrollIntoViewIfNeeded();
    await expectAccessible(page);

    await link.click();
    await expect(page).toHaveURL(`${OFFLINE_BASE_URL}/review`);
    const review = new ReviewPage(page, OFFLINE_BASE_URL);
    const seen: string[] = [];
    for (let left = questions.length; left > 0; left -= 1) {
      await expect(review.remaining()).toContainText(`${left} card${left === 1 ? "" : "s"} due`);
      if (seen.length) await expect(review.front()).not.toHaveText(seen.at(-1)!);
      const front = await review.front().innerText();
      expect(seen, "no two cards have the same front").not.toContain(front);
      seen.push(front);
      // A cloze, a question with the options it is answered from, or an open one: never a bare "Which …?".
      expect(front).not.toMatch(/^Which\b[^\n]*\?$/);
      if (front.startsWith(STATEMENT_QUESTION)) {
        const asked = questions.find((q) => front === cardFront(q));
        expect(asked, front).toBeDefined();
        if (seen.filter((f) => f.startsWith(STATEMENT_QUESTION)).length === 1) await expectAccessible(page);
      } else if (openQuestions.includes(front)) {
        // An open question's card asks it again, to be answered in one's own words.
        if (seen.filter((f) => openQuestions.includes(f)).length === 1) await expectAccessible(page);
      } else {
        expect(front).toContain("_____");
      }
      await page.keyboard.press("Space");
      await expect(review.back()).toBeVisible();
      await page.keyboard.press("4");
    }
    expect(seen.filter((f) => f.startsWith(STATEMENT_QUESTION)).length).toBe(questions.filter((q) => q.questionText === STATEMENT_QUESTION).length);
    expect(seen.filter((f) => openQuestions.includes(f)).sort()).toEqual([...openQuestions].sort());
    await expect(review.empty()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

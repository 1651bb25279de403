/**
 * Cards from a quiz missed entirely, on the offline engine (its quizzes ask "Which statement does
 * the video make in this section?"), at a desktop and a phone viewport: the graded quiz says how
 * many cards its missed questions became, with a link to /review; there every card can be answered
 * on its own (a cloze, or the question with its options) and no two have the same front.
 */
import { type APIRequestContext } from "@playwright/test";

import { CoursePage } from "./pages/course-page";
import { ReviewPage } from "./pages/review-page";
import { expect, expectAccessible, generateCourse, OFFLINE_BASE_URL, registerViaApi, routeYouTube, test, VIEWPORTS } from "./fixtures";

type QuizView = { quiz: { id: number }; questions: { id: number; questionText: string; options: string[] }[] };
type Attempt = { results: { questionId: number; correctAnswer: string }[] };

const STATEMENT_QUESTION = "Which statement does the video make in this section?";

/**
 * The first section's quiz, with its right answers, as another learner's course on the same video
 * has it: the offline engine writes the same quiz for the same section, so the learner under test
 * makes no card while its answers are learned.
 */
async function scoutQuiz(request: APIRequestContext) {
  await registerViaApi(request, undefined, OFFLINE_BASE_URL);
  const { sections } = await generateCourse(request, OFFLINE_BASE_URL, "binary search");
  const generated = await request.post(`${OFFLINE_BASE_URL}/api/sections/${sections[0]!.id}/generate-quiz`);
  expect(generated.status(), await generated.text()).toBe(200);
  const view = (await generated.json()) as QuizView;
  const attempt = await request.post(`${OFFLINE_BASE_URL}/api/quizzes/${view.quiz.id}/attempts`, {
    data: { answers: view.questions.map((q) => ({ questionId: q.id, answer: q.options[0] })) },
  });
  expect(attempt.status(), await attempt.text()).toBe(200);
  const { results } = (await attempt.json()) as Attempt;
  return view.questions.map((q) => ({ ...q, correct: results.find((r) => r.questionId === q.id)!.correctAnswer }));
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: a quiz missed entirely says how many cards it made; on /review each card can be answered and none repeats another`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const scout = await browser.newContext();
    const questions = await scoutQuiz(scout.request);
    await scout.close();
    expect(questions.some((q) => q.questionText === STATEMENT_QUESTION)).toBe(true);

    await routeYouTube(page);
    await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
    const { detail } = await generateCourse(page.request, OFFLINE_BASE_URL, "binary search");
    const coursePage = new CoursePage(page, OFFLINE_BASE_URL);
    await coursePage.goto(detail.course.id);
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    await expect(coursePage.questions()).toHaveCount(questions.length);
    for (const [index, { questionText, options, correct }] of questions.entries()) {
      const question = coursePage.questions().nth(index);
      await expect(question.locator("legend")).toHaveText(`${index + 1}. ${questionText}`);
      await coursePage.choose(
        question,
        options.find((option) => option !== correct)!,
      );
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
      // A cloze, or a question with the options it is answered from: never a bare "Which …?".
      expect(front).not.toMatch(/^Which\b[^\n]*\?$/);
      if (front.startsWith(STATEMENT_QUESTION)) {
        const asked = questions.find((q) => front === `${q.questionText}\n\n${q.options.map((o, i) => `${"ABCD"[i]}. ${o}`).join("\n")}`);
        expect(asked, front).toBeDefined();
        if (seen.filter((f) => f.startsWith(STATEMENT_QUESTION)).length === 1) await expectAccessible(page);
      } else {
        expect(front).toContain("_____");
      }
      await page.keyboard.press("Space");
      await expect(review.back()).toBeVisible();
      await page.keyboard.press("4");
    }
    expect(seen.filter((f) => f.startsWith(STATEMENT_QUESTION)).length).toBe(questions.filter((q) => q.questionText === STATEMENT_QUESTION).length);
    await expect(review.empty()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

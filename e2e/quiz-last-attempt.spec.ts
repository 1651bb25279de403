/**
 * A quiz's result outlives the page, on the offline engine at a desktop and a phone viewport:
 * the header counts the questions the quiz really holds (open ones included) and names the
 * section; a finished quiz shows the same score and verdicts after a reload; "Retake quiz" clears
 * it and lets the learner answer again, and the reload after that shows the newer attempt; a
 * completed section offers the retake too.
 */
import { type APIRequestContext } from "@playwright/test";

import { CoursePage } from "./pages/course-page";
import { expect, expectAccessible, generateCourse, learnQuiz, OFFLINE_BASE_URL, registerViaApi, routeYouTube, test, VIEWPORTS, wrongAnswer } from "./fixtures";

/**
 * The first section's quiz with its right answers, as another learner's course on the same video
 * has it (the offline engine writes the same quiz for the same section): the learner under test
 * starts with no attempt.
 */
async function scoutQuiz(request: APIRequestContext) {
  await registerViaApi(request, undefined, OFFLINE_BASE_URL);
  const { sections } = await generateCourse(request, OFFLINE_BASE_URL, "binary search");
  return (await learnQuiz(request, sections[0]!.id, OFFLINE_BASE_URL)).questions;
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: the header counts the questions; a reload keeps the quiz's result; a retake answers again`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const scout = await browser.newContext();
    const questions = await scoutQuiz(scout.request);
    await scout.close();
    const answers = new Map(questions.map((q) => [q.questionText, q]));

    await routeYouTube(page);
    await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
    const { detail, sections } = await generateCourse(page.request, OFFLINE_BASE_URL, "binary search");
    const coursePage = new CoursePage(page, OFFLINE_BASE_URL);
    await coursePage.goto(detail.course.id);
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    await expect(coursePage.questions()).toHaveCount(questions.length);
    const description = coursePage.quiz().getByTestId("quiz-description");
    await expect(description).toHaveText(`${questions.length} questions on what the video says in "${sections[0]!.title}". Every answer is in the video.`);

    // Right answers (an open question's is what the video says there): passed, with "Retake quiz".
    await coursePage.answerEach((text) => answers.get(text)!.correct);
    await coursePage.submitButton().click();
    const score = coursePage.quiz().getByTestId("quiz-score");
    await expect(score).toHaveText(/^Your score: \d+%$/);
    const scored = await score.innerText();
    await expect(coursePage.quiz().getByText("Passed", { exact: true })).toBeVisible();
    const verdicts = await coursePage.questions().evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-correct")));
    expect(verdicts.every((verdict) => verdict === "true" || verdict === "false")).toBe(true);
    await expect(coursePage.quiz().getByTestId("quiz-last-attempt")).toBeHidden();

    // A reload before Continue: the same result, the answers given, locked.
    await page.reload();
    await expect(score).toHaveText(scored, { timeout: 60_000 });
    await expect(coursePage.quiz().getByTestId("quiz-last-attempt")).toHaveText(/^Your last attempt, scored .+\.$/);
    await expect(coursePage.quiz().getByText("Passed", { exact: true })).toBeVisible();
    await expect(coursePage.submitButton()).toBeHidden();
    expect(await coursePage.questions().evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-correct")))).toEqual(verdicts);
    for (let index = 0; index < questions.length; index += 1) {
      const question = coursePage.question(index);
      const asked = answers.get(await question.text())!;
      if (asked.kind === "open") await expect(question.answerField()).toHaveValue(asked.correct);
      else {
        await expect(question.option(asked.correct).getByRole("radio")).toBeChecked();
        await expect(question.option(asked.correct).getByRole("radio")).toBeDisabled();
      }
    }
    await expect(description).toHaveText(`${questions.length} questions on what the video says in "${sections[0]!.title}". Every answer is in the video.`);
    await expectAccessible(page);

    // "Retake quiz" clears the result: nothing chosen, answering again.
    await coursePage.quiz().getByRole("button", { name: "Retake quiz" }).click();
    await expect(score).toBeHidden();
    await expect(coursePage.quiz().getByTestId("quiz-last-attempt")).toBeHidden();
    await expect(coursePage.submitButton()).toBeVisible();
    await expect(coursePage.quiz().getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(coursePage.quiz().getByRole("radio").first()).toBeEnabled();
    await coursePage.answerEach((text) => wrongAnswer(answers.get(text)!));
    await coursePage.submitButton().click();
    await expect(score).toHaveText(/^Your score: \d+%$/);
    const rescored = await score.innerText();
    expect(rescored).not.toBe(scored);
    await expect(coursePage.quiz().getByRole("button", { name: "Try Again" })).toBeVisible();

    // The reload after it shows the newer attempt.
    await page.reload();
    await expect(score).toHaveText(rescored, { timeout: 60_000 });
    await expect(coursePage.quiz().getByTestId("quiz-last-attempt")).toBeVisible();
    await expectAccessible(page);

    // Continue completes the section; back on it, the quiz can be retaken.
    await coursePage.quiz().getByRole("button", { name: "Continue", exact: true }).click();
    await expect(coursePage.sectionTitle()).toHaveText(sections[1]!.title);
    await coursePage.previousButton().click();
    await expect(coursePage.sectionTitle()).toHaveText(sections[0]!.title);
    await expect(page.getByTestId("section-completed")).toBeVisible();
    await expect(coursePage.quiz()).toBeHidden();
    await page.getByRole("button", { name: "Retake quiz" }).click();
    await expect(coursePage.questions()).toHaveCount(questions.length, { timeout: 60_000 });
    await expect(coursePage.submitButton()).toBeVisible();
    await expect(score).toBeHidden();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

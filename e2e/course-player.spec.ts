import { type APIRequestContext } from "@playwright/test";

import {
  expect,
  expectAccessible,
  generateCourse,
  learnQuiz,
  OFFLINE_BASE_URL,
  registerViaApi,
  routeYouTube,
  test,
  uniqueUser,
  VIEWPORTS,
  wrongAnswer,
} from "./fixtures";
import { CoursePage } from "./pages/course-page";

/**
 * The course player on the stub video player (VIDEO_PLAYER=stub on the main instance in
 * playwright.config.ts): a course generated through the API (fake YouTube + fake LLM on the main
 * instance, the offline engine on the other, whose real YouTube player youtube-player.spec.ts
 * covers), opened in the browser.
 */
/** The right answers by question text, learned from an attempt through the API (the page never sees them before submitting). */
async function correctAnswers(request: APIRequestContext, sectionId: number) {
  const quizResponse = await request.get(`/api/sections/${sectionId}/quiz`);
  expect(quizResponse.status(), await quizResponse.text()).toBe(200);
  expect(await quizResponse.text()).not.toContain("correctAnswer");
  const { questions } = await learnQuiz(request, sectionId);
  return new Map(questions.map((question) => [question.questionText, question]));
}

test("a learner follows a course: outline, video in sync, quiz, progress, the last section and resuming", async ({ page, shell }) => {
  test.setTimeout(180_000);
  await registerViaApi(page.request);
  const { detail, sections } = await generateCourse(page.request);
  expect(sections.length).toBeGreaterThanOrEqual(3);
  const coursePage = new CoursePage(page);

  await coursePage.goto(detail.course.id);
  await expect(coursePage.heading()).toHaveText(detail.course.title);
  await expect(coursePage.engineBadge()).toHaveText("Built by AI");

  // The first chapter is open, the others closed; the first section is current and playing from its start.
  const chapterTitles = detail.chapters.map((chapter) => chapter.title);
  await expect(coursePage.chapterButton(chapterTitles[0]!)).toHaveAttribute("aria-expanded", "true");
  for (const title of chapterTitles.slice(1)) await expect(coursePage.chapterButton(title)).toHaveAttribute("aria-expanded", "false");
  await coursePage.expectCurrent(sections[0]!.title);
  await expect(coursePage.progressPercent()).toHaveText("0%");
  await coursePage.expectPlayerAt(sections[0]!.timeStart);
  const instance = await coursePage.player().getAttribute("data-instance");
  await coursePage.pausePlayer();

  // Choosing a later section seeks the same player (no reload) to its start.
  const chosen = sections[1]!;
  await coursePage.selectSection(chosen.chapterTitle, chosen.title);
  await coursePage.expectCurrent(chosen.title);
  await expect(coursePage.player()).toHaveAttribute("data-time", String(chosen.timeStart));
  await expect(coursePage.player()).toHaveAttribute("data-instance", instance!);
  await expect(coursePage.previousButton()).toContainText(sections[0]!.title);
  await expect(coursePage.nextButton()).toContainText(sections[2]!.title);

  // The video plays on past the next section's start: that section becomes current.
  const following = sections[2]!;
  expect(following.timeStart).toBeGreaterThan(chosen.timeStart);
  await coursePage.seekPlayer(following.timeStart + 1);
  await coursePage.expectCurrent(following.title);
  await expect(coursePage.player()).toHaveAttribute("data-instance", instance!);

  // The quiz: every question must be answered.
  await expect(page.getByRole("heading", { name: "Test Your Knowledge" })).toBeVisible();
  await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
  await coursePage.submitButton().click();
  await expect(shell.toast("Please answer all questions")).toBeVisible();
  await expect(shell.toast("You need to answer all questions before submitting.")).toBeVisible();

  // Wrong answers (a sentence that says nothing of the video to an open question): 'Try Again', the right answer green and the chosen wrong one red.
  const answers = await correctAnswers(page.request, following.id);
  const questionCount = await coursePage.answerEach((text) => wrongAnswer(answers.get(text)!));
  expect(questionCount).toBe(answers.size);
  await coursePage.submitButton().click();
  await expect(shell.toast("Quiz submitted")).toBeVisible();
  await expect(shell.toast("You scored 0%!")).toBeVisible();
  await expect(coursePage.quiz().getByRole("button", { name: "Try Again" })).toBeVisible();
  await expect(coursePage.quiz().getByText("Passed", { exact: true })).toBeHidden();
  const firstQuestion = coursePage.questions().first();
  const firstAnswer = answers.get(await coursePage.question(0).text())!;
  await expect(coursePage.option(firstQuestion, firstAnswer.correct)).toHaveAttribute("data-mark", "correct");
  await expect(coursePage.option(firstQuestion, firstAnswer.correct)).toHaveClass(/bg-green-50/);
  await expect(firstQuestion.locator('[data-mark="wrong"]')).toHaveClass(/bg-red-50/);
  await expect(firstQuestion.getByRole("radio").first()).toBeDisabled();
  await expect(coursePage.quiz().getByTestId("quiz-explanation")).toHaveCount(questionCount);
  const rewatch = coursePage
    .quiz()
    .getByRole("button", { name: /Rewatch this part/ })
    .first();
  if (await rewatch.isVisible()) {
    await rewatch.click();
    await expect(coursePage.player()).toHaveAttribute("data-instance", instance!);
  }

  // Try again with the right answers: 'Passed'; Continue completes the section and moves on.
  await coursePage.quiz().getByRole("button", { name: "Try Again" }).click();
  await expect(firstQuestion.getByRole("radio").first()).toBeEnabled();
  // An open question's right answer is what the video says (its reference, shown after the first attempt).
  await coursePage.answerEach((text) => answers.get(text)!.correct);
  await coursePage.submitButton().click();
  // The choices right and the open answers in the video's words pass; an open answer counts the
  // credit its grader gives (the fake model on this instance gives a lone open answer none), so
  // the score need not be 100%.
  await expect(shell.toast(/^You scored \d+%!$/)).toBeVisible();
  await expect(coursePage.quiz().getByText("Passed", { exact: true })).toBeVisible();
  for (let index = 0; index < questionCount; index += 1) {
    const question = coursePage.question(index);
    if (answers.get(await question.text())!.kind === "choice") await expect(question.root).toHaveAttribute("data-correct", "true");
  }
  await coursePage.quiz().getByRole("button", { name: "Continue", exact: true }).click();
  const afterQuiz = sections[3] ?? following;
  await coursePage.expectCurrent(afterQuiz.title);
  await expect(coursePage.section(following.title)).toHaveAttribute("data-done", "true");
  await expect(coursePage.section(following.title)).toContainText("(completed)");
  const percent = Math.round((1 / sections.length) * 100);
  await expect(coursePage.progressPercent()).toHaveText(`${percent}%`);
  await expect(coursePage.progressBar()).toHaveAttribute("aria-valuenow", String(percent));

  // The sidebar's list moves too (completed ÷ the course's real section count).
  await page.getByTestId("sidebar-toggle").click();
  const sidebarEntry = page.getByTestId("sidebar-courses").getByRole("link", { name: new RegExp(detail.course.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
  await expect(sidebarEntry).toContainText(`${percent}%`);
  await page.getByTestId("sidebar-toggle").click();

  // The last section: "What's Next?" and the way to the chat.
  const last = sections.at(-1)!;
  await coursePage.selectSection(last.chapterTitle, last.title);
  await coursePage.expectCurrent(last.title);
  await expect(page.getByRole("heading", { name: "What's Next?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask Questions About This Course" })).toHaveAttribute("href", `/course/${detail.course.id}/chat`);
  await expect(page.getByTestId("whats-next").getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
  await expect(coursePage.outline().getByRole("link", { name: "Ask Questions" })).toHaveAttribute("href", `/course/${detail.course.id}/chat`);
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);

  // A reload resumes at the saved section, its video at its start.
  await page.reload();
  await coursePage.expectCurrent(last.title);
  await coursePage.expectPlayerAt(last.timeStart);
  await expect(coursePage.section(following.title)).toHaveAttribute("data-done", "true");
  await expect(coursePage.progressPercent()).toHaveText(`${percent}%`);
});

test("the next button completes the section; content keeps its line breaks as text", async ({ page }) => {
  test.setTimeout(120_000);
  await registerViaApi(page.request);
  const { detail, sections } = await generateCourse(page.request);
  const coursePage = new CoursePage(page);
  await coursePage.goto(detail.course.id);
  await coursePage.expectCurrent(sections[0]!.title);
  await expect(page.getByTestId("section-content")).toHaveCSS("white-space", "pre-line");

  await coursePage.nextButton().click();
  await coursePage.expectCurrent(sections[1]!.title);
  await expect(coursePage.section(sections[0]!.title)).toHaveAttribute("data-done", "true");
  await expect(coursePage.progressPercent()).toHaveText(`${Math.round((1 / sections.length) * 100)}%`);
  const progress = await page.request.get(`/api/courses/${detail.course.id}/progress`);
  expect(await progress.json()).toMatchObject({ currentSectionId: sections[1]!.id, completedSections: [sections[0]!.id], totalSections: sections.length });

  await coursePage.previousButton().click();
  await coursePage.expectCurrent(sections[0]!.title);
  // A completed section shows no quiz.
  await expect(page.getByTestId("section-completed")).toBeVisible();
  await expect(coursePage.quiz()).toBeHidden();
});

test("someone else's private course is 'Course Not Found'", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await registerViaApi(page.request);
  const { detail } = await generateCourse(page.request);

  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await registerViaApi(otherPage.request, uniqueUser("intruder"));
    await otherPage.goto(`/course/${detail.course.id}`);
    await expect(otherPage.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
    await otherPage.getByRole("link", { name: "Return Home" }).click();
    await expect(otherPage).toHaveURL(/\/$/);
  } finally {
    await other.close();
  }

  await page.goto("/course/2147483647");
  await expect(page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
  await expectAccessible(page);
});

test("signed out, the course player sends the visitor to sign in", async ({ page }) => {
  await page.goto("/course/1");
  await expect(page).toHaveURL(/\/auth$/);
});

test("on a phone the outline folds away behind a button", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORTS.phone);
  await registerViaApi(page.request);
  const { detail, sections } = await generateCourse(page.request);
  const coursePage = new CoursePage(page);
  await coursePage.goto(detail.course.id);
  await expect(coursePage.sectionTitle()).toHaveText(sections[0]!.title);
  const toggle = page.getByRole("button", { name: /^Course contents/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(coursePage.section(sections[1]!.title)).toBeHidden();
  await toggle.click();
  await coursePage.selectSection(sections[1]!.chapterTitle, sections[1]!.title);
  await expect(coursePage.sectionTitle()).toHaveText(sections[1]!.title);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

test("on the offline instance the course says it was built offline and has a quiz", async ({ page }) => {
  test.setTimeout(120_000);
  await routeYouTube(page);
  await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
  const { detail, sections } = await generateCourse(page.request, OFFLINE_BASE_URL, "recursion");
  const coursePage = new CoursePage(page, OFFLINE_BASE_URL);
  await coursePage.goto(detail.course.id);
  await expect(coursePage.engineBadge()).toHaveText("Built offline");
  await coursePage.expectCurrent(sections[0]!.title);
  await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
});

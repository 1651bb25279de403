import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";
import { CoursePage } from "./pages/course-page";

/**
 * Opening a course with no progress and no quiz yet: the page asks for both in a way that answers
 * "none yet" (progress.find and quiz.find, tRPC only), so the console shows no 404 ("No progress
 * yet", "Quiz not found"); the documented REST paths keep their 404s for the same learner.
 */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: opening a course without progress logs no 404; the documented progress and quiz paths still answer 404`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail, sections } = await generateCourse(page.request);

    const documented = await page.request.get(`/api/courses/${detail.course.id}/progress`);
    expect(documented.status()).toBe(404);
    expect(((await documented.json()) as { message: string }).message).toBe("No progress yet");
    const documentedQuiz = await page.request.get(`/api/sections/${sections[0]!.id}/quiz`);
    expect(documentedQuiz.status()).toBe(404);
    expect(((await documentedQuiz.json()) as { message: string }).message).toBe("Quiz not found");

    const errors: string[] = [];
    const answers: { url: string; status: number }[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on("response", (response) => {
      if (/progress\.(byCourse|find)|quiz\.(bySection|find)/.test(response.url())) answers.push({ url: response.url(), status: response.status() });
    });

    const coursePage = new CoursePage(page);
    await coursePage.goto(detail.course.id);
    await coursePage.expectCurrent(sections[0]!.title);
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);

    expect(
      answers.some((answer) => /progress\./.test(answer.url)),
      "the page asked for the progress",
    ).toBe(true);
    expect(
      answers.some((answer) => /quiz\./.test(answer.url)),
      "the page asked for the quiz",
    ).toBe(true);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(errors.filter((text) => /404|progress|quiz|not found/i.test(text))).toEqual([]);

    // Still nothing saved: the documented path answers as before.
    expect((await page.request.get(`/api/courses/${detail.course.id}/progress`)).status()).toBe(404);
  });
}

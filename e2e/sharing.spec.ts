/**
 * Sharing in Chromium: the creator makes a course public and copies its link; another learner
 * opens it with their own progress; made private again, it is 'Course Not Found' to them.
 */
import { CoursePage } from "./pages/course-page";
import { expect, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("a creator shares a course by link, then makes it private again", async ({ page, browser, baseURL, shell }) => {
      test.setTimeout(120_000);
      await registerViaApi(page.request);
      const { detail } = await generateCourse(page.request);
      const mine = new CoursePage(page);
      await mine.goto(detail.course.id);
      const sharing = page.getByTestId("course-sharing");
      await expect(sharing.getByRole("button", { name: "Private" })).toHaveAttribute("aria-pressed", "false");
      await sharing.getByRole("button", { name: "Private" }).click();
      await expect(shell.toast("Course is now public")).toBeVisible();
      await expect(sharing.getByRole("button", { name: "Public" })).toHaveAttribute("aria-pressed", "true");

      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await sharing.getByRole("button", { name: "Copy link" }).click();
      await expect(shell.toast("Link copied")).toBeVisible();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toBe(`${baseURL}/course/${detail.course.id}`);
      // The creator's own progress: the first section done.
      await mine.nextButton().click();
      await expect(mine.progressPercent()).not.toHaveText("0%");

      const otherContext = await browser.newContext({ baseURL, viewport });
      const otherPage = await otherContext.newPage();
      await registerViaApi(otherPage.request);
      await otherPage.goto(link);
      const theirs = new CoursePage(otherPage);
      await expect(theirs.heading()).toHaveText(detail.course.title);
      await expect(otherPage).toHaveTitle(`${detail.course.title} · CourseCraft`);
      await expect(theirs.progressPercent()).toHaveText("0%");
      await expect(otherPage.getByText("Shared course", { exact: true })).toBeVisible();
      await expect(otherPage.getByTestId("course-sharing")).toHaveCount(0);

      await sharing.getByRole("button", { name: "Public" }).click();
      await expect(shell.toast("Course is now private")).toBeVisible();
      await otherPage.reload();
      await expect(otherPage.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
      // Not even the tab's title tells them what the private course is called.
      await expect(otherPage).toHaveTitle("Course · CourseCraft");
      await otherPage.goto(`/course/${detail.course.id}/chat`);
      await expect(otherPage).toHaveTitle("Course Chat · CourseCraft");
      await page.goto(`/course/${detail.course.id}/chat`);
      await expect(page).toHaveTitle(`Chat: ${detail.course.title} · CourseCraft`);
      await otherContext.close();
    });
  });
}

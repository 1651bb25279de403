/**
 * Recommendations in Chromium: learner A makes a "binary search" course public; learner B, with
 * no course yet, sees the home page's empty panel, then makes their own "binary search" course
 * and finds A's course recommended on the home page and related on their course's last section.
 * (A free learner has one course a month, so each learner generates exactly one.)
 */
import { CoursePage } from "./pages/course-page";
import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("a learner is recommended another learner's public course like theirs", async ({ page, browser, baseURL, shell }) => {
      test.setTimeout(180_000);

      // Learner A: a public course on binary search.
      await registerViaApi(page.request);
      const { detail: shared } = await generateCourse(page.request);
      const sharedHref = `/course/${shared.course.id}`;
      await new CoursePage(page).goto(shared.course.id);
      await page.getByTestId("course-sharing").getByRole("button", { name: "Private" }).click();
      await expect(shell.toast("Course is now public")).toBeVisible();

      // Learner B, without a course: nothing to recommend yet.
      const context = await browser.newContext({ baseURL, viewport });
      const p2 = await context.newPage();
      await registerViaApi(p2.request);
      await p2.goto("/");
      const panel = p2.getByTestId("recommendations-panel");
      await expect(panel).toHaveAttribute("data-state", "empty");
      await expect(panel.getByRole("heading", { level: 2, name: "Personalized Recommendations" })).toBeVisible();
      await expect(panel).toContainText("Complete your first course to get personalized recommendations based on your interests.");
      await expect(panel.getByRole("link", { name: "Create Your First Course" })).toHaveAttribute("href", "/create-course");

      // B's own course on the same topic: A's course is recommended.
      const { detail: own, sections } = await generateCourse(p2.request, "", "binary search");
      await p2.reload();
      await expect(panel).toHaveAttribute("data-state", "ready");
      await expect(panel.getByRole("heading", { level: 2, name: "Your Learning Path" })).toBeVisible();
      await expect(panel.getByRole("tab", { name: "Recommended" })).toHaveAttribute("aria-selected", "true");
      const card = panel.getByTestId("recommendation-card").filter({ has: p2.locator(`a[href="${sharedHref}"]`) });
      await expect(card).toBeVisible();
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(shared.course.title);
      await expect(card).toContainText(/Based on your interest in (beginner|intermediate|advanced) content/);
      await expect(card.getByRole("link", { name: "Start Learning" })).toHaveAttribute("href", sharedHref);
      await expect(panel.getByTestId("recommendation-card").filter({ has: p2.locator(`a[href="/course/${own.course.id}"]`) })).toHaveCount(0);
      await p2.waitForLoadState("networkidle");
      await expectAccessible(p2);

      await panel.getByRole("tab", { name: "Achievements" }).click();
      await expect(panel.getByRole("tab", { name: "Achievements" })).toHaveAttribute("aria-selected", "true");
      await expect(panel.getByRole("heading", { level: 3, name: "Your Learning Journey" })).toBeVisible();

      // The last section of B's course: A's course among the related ones.
      const coursePage = new CoursePage(p2);
      const last = sections.at(-1)!;
      await p2.goto(`/course/${own.course.id}?t=${last.timeStart}`);
      await coursePage.expectCurrent(last.title);
      const related = p2.getByTestId("whats-next").getByTestId("related-courses");
      await expect(related.getByRole("heading", { name: "Related Courses" })).toBeVisible();
      await expect(related).toHaveAttribute("data-state", "ready");
      const relatedCourse = related.getByTestId("related-course").filter({ has: p2.locator(`a[href="${sharedHref}"]`) });
      await expect(relatedCourse.getByRole("link")).toHaveText(shared.course.title);
      expect(await related.getByTestId("related-course").count()).toBeLessThanOrEqual(3);
      await context.close();
    });
  });
}

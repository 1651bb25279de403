/**
 * The header search in Chromium: courses, chapters and sections as the learner types, keyboard
 * navigation that opens the course at the section's moment, and the offer to create a course.
 */
import { CoursePage } from "./pages/course-page";
import { expect, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("typing finds a section; the arrows and Enter open the course at that moment; Escape closes the list", async ({ page }) => {
      test.setTimeout(120_000);
      await registerViaApi(page.request);
      const { detail, sections } = await generateCourse(page.request);
      const target = sections.at(-1)!;
      await page.goto("/");
      const search = page.getByRole("combobox", { name: "Search for a topic" });
      const list = page.getByRole("listbox", { name: "Search results" });

      await search.fill(target.title);
      const option = list.getByRole("option").filter({ hasText: target.title }).first();
      await expect(option).toContainText(`Section in ${detail.course.title}`);
      await expect(search).toHaveAttribute("aria-expanded", "true");
      await search.press("Escape");
      await expect(list).toBeHidden();

      await search.press("ArrowDown");
      await expect(list).toBeVisible();
      const options = list.getByRole("option");
      const index = (await options.allInnerTexts()).findIndex((text) => text.startsWith(target.title) && text.includes("Section in"));
      expect(index).toBeGreaterThanOrEqual(0);
      for (let i = 0; i < index; i++) await search.press("ArrowDown");
      await expect(options.nth(index)).toHaveAttribute("aria-selected", "true");
      await search.press("Enter");

      await expect(page).toHaveURL(new RegExp(`/course/${detail.course.id}\\?t=${target.timeStart}$`));
      const coursePage = new CoursePage(page);
      await coursePage.expectCurrent(target.title);
      await coursePage.expectPlayerAt(target.timeStart);
    });

    test("nothing matches: the list offers to create a course on the topic, as Enter does", async ({ page }) => {
      await registerViaApi(page.request);
      await page.goto("/");
      const search = page.getByRole("combobox", { name: "Search for a topic" });
      await search.fill("quantum knitting patterns");
      const list = page.getByRole("listbox", { name: "Search results" });
      await expect(list.getByRole("option")).toHaveText([/Create a course on “quantum knitting patterns”\s*No matching courses yet/]);
      await search.press("Enter");
      await expect(page).toHaveURL(/\/create-course\?topic=quantum\+knitting\+patterns$/);
    });
  });
}

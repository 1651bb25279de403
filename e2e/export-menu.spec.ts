/**
 * The course page's Export menu in Chromium, on a desktop and a phone: the app's menu button
 * (role="menu", arrow keys), closed by Escape, by a click outside and by a download, each time
 * with focus back on 'Export' where the keyboard left it, and the course title uncovered; and the
 * same menu for all the learner's cards on /review.
 */
import type { Locator } from "@playwright/test";

import { CoursePage } from "./pages/course-page";

import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

/** Clicks the menu's button until the menu shows (a click before hydration has wired the button does nothing). */
async function openOnceHydrated(trigger: Locator, menu: Locator) {
  await expect(async () => {
    if (!(await menu.isVisible())) await trigger.click();
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: the Export menu opens from its button, closes on Escape, outside and after a download, and leaves the title uncovered`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail } = await generateCourse(page.request);
    const coursePage = new CoursePage(page);
    await coursePage.goto(detail.course.id);
    await expect(coursePage.heading()).toHaveText(detail.course.title);
    const trigger = coursePage.exportButton();
    const menu = coursePage.exportMenu();

    // The title is what the point at its middle shows, with the menu closed.
    const titleUncovered = () =>
      coursePage.heading().evaluate((heading) => {
        const box = heading.getBoundingClientRect();
        return heading.contains(document.elementFromPoint(box.left + Math.min(box.width / 2, 40), box.top + box.height / 2));
      });

    // A click opens it on its first item (repeated until hydration has wired the button).
    await openOnceHydrated(trigger, menu);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("menuitem")).toHaveText(["Course and notes (Markdown)", "Cards as an Anki deck (.apkg)", "Cards as TSV (front, back, link)"]);
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await expect(menu.getByRole("menuitem", { name: /TSV/ })).toHaveAccessibleDescription(/cells that start like a spreadsheet formula get a leading '/);
    await expectAccessible(page);

    // Escape closes it, focus back on the button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(await titleUncovered()).toBe(true);

    // A click outside closes it.
    await trigger.click();
    await expect(menu).toBeVisible();
    await coursePage.heading().click();
    await expect(menu).toBeHidden();
    expect(await titleUncovered()).toBe(true);

    // From the keyboard: Enter opens, ArrowDown moves on, Enter downloads and closes, focus on the button.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: /Anki deck/ })).toBeFocused();
    const [deck] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(deck.suggestedFilename()).toMatch(/-cards\.apkg$/);
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    // A click on a download closes it too.
    await trigger.click();
    const [markdown] = await Promise.all([page.waitForEvent("download"), menu.getByRole("menuitem", { name: /Markdown/ }).click()]);
    expect(markdown.suggestedFilename()).toMatch(/\.md$/);
    await expect(menu).toBeHidden();
    expect(await titleUncovered()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);
  });

  test(`${name}: /review's 'Export cards' is the same menu: all the learner's cards as an Anki deck or TSV`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    await page.goto("/review");
    const exports = page.getByTestId("card-exports");
    const trigger = exports.getByRole("button", { name: "Export cards" });
    const menu = exports.getByRole("menu");
    await expect(trigger).toBeVisible();
    // Opened (repeated until hydration has wired the button), it lists the two card downloads.
    await openOnceHydrated(trigger, menu);
    await expect(menu.getByRole("menuitem")).toHaveText(["Cards as an Anki deck (.apkg)", "Cards as TSV (front, back, link)"]);
    await expect(menu.getByRole("menuitem", { name: /TSV/ })).toHaveAttribute("href", "/api/cards/export?format=tsv");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    const [tsv] = await Promise.all([page.waitForEvent("download"), menu.getByRole("menuitem", { name: /TSV/ }).click()]);
    expect(tsv.suggestedFilename()).toMatch(/\.tsv$/);
    await expect(menu).toBeHidden();
  });
}

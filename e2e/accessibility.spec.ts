/**
 * Every page of the app, signed in and signed out, at a desktop and a 390x844 phone viewport, in
 * the light and the dark theme: no serious or critical axe violations, nothing wider than the
 * screen, and a page title and meta description that say what the product is.
 */
import type { Browser, BrowserContextOptions } from "@playwright/test";

import { pageFor, SIGNED_IN_PAGES, SIGNED_OUT_PAGES } from "./constants";
import { COLOUR_RULES, expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

const THEMES = ["light", "dark"] as const;

// The longest file of the suite: its pages are checked by both workers (each with its own learner).
test.describe.configure({ mode: "parallel" });

type Learner = { storageState: Awaited<ReturnType<Awaited<ReturnType<Browser["newContext"]>>["storageState"]>>; course: number; card: string };
let learner: Learner;

test.beforeAll(async ({ browser, baseURL }, testInfo) => {
  testInfo.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerViaApi(page.request);
  const { detail } = await generateCourse(page.request);
  await page.request.post(`/api/courses/${detail.course.id}/chat`, { data: { content: "What is this course about?" } });
  // The public achievements card, shared from the gamification page.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/gamification");
  await expect(async () => {
    await page.getByRole("button", { name: "Share Your Achievements" }).click();
    await expect(page.getByTestId("achievement-card-link")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const card = new URL((await page.getByTestId("achievement-card-link").getAttribute("href"))!, baseURL).pathname;
  learner = { storageState: await context.storageState(), course: detail.course.id, card };
  await context.close();
});

async function checkEveryLook(browser: Browser, baseURL: string | undefined, path: string, signedIn: boolean) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    // No theme stored, so the page follows the system's (the default): the dark look is the same
    // page after the system turns dark, without loading it again.
    const options: BrowserContextOptions = { baseURL, viewport, colorScheme: "light", storageState: signedIn ? learner.storageState : undefined };
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    for (const theme of THEMES) {
      await test.step(`${name}, ${theme}`, async () => {
        if (theme === "dark") await page.emulateMedia({ colorScheme: "dark" });
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(page).toHaveTitle(/^CourseCraft — AI courses from video$| · CourseCraft$/);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /AI courses from video/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways scrolling").toBeLessThanOrEqual(viewport.width);
        // The dark look is the same page in other colours: axe checks what colours can break.
        await expectAccessible(page, theme === "dark" ? COLOUR_RULES : undefined);
      });
    }
    await context.close();
  }
}

const resolve = (path: string) => pageFor(path, learner);

for (const path of SIGNED_OUT_PAGES) {
  test(`signed out: ${path}`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    await checkEveryLook(browser, baseURL, resolve(path), false);
  });
}

for (const path of SIGNED_IN_PAGES) {
  test(`signed in: ${path}`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    await checkEveryLook(browser, baseURL, resolve(path), true);
  });
}

import type { Page } from "@playwright/test";

import { expect, expectHydrated, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

test("the user menu works from the keyboard and Escape returns focus to its button", async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto("/");
  // The header is rendered signed in on the server now: wait until React has wired its buttons.
  const trigger = page.getByRole("button", { name: "User menu" });
  await expectHydrated(trigger);
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("menuitem", { name: "Create Course" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Account" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
  await page.keyboard.press("Home");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/create-course$/);
});

test("the auth tabs switch with the arrow keys", async ({ page }) => {
  await page.goto("/auth");
  const login = page.getByRole("tab", { name: "Login" });
  await expect(login).toHaveAttribute("aria-selected", "true");
  await login.focus();
  await page.keyboard.press("ArrowRight");
  const register = page.getByRole("tab", { name: "Register" });
  await expect(register).toBeFocused();
  await expect(register).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("form", { name: "Register" })).toBeVisible();
});

test("a toast can be dismissed with its close button", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("form", { name: "Login" }).getByRole("button", { name: "Login", exact: true }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveAttribute("data-variant", "destructive");
  await toast.getByRole("button", { name: "Close notification" }).click();
  await expect(toast).toBeHidden();
});

/**
 * What the keyboard lands on, Tab after Tab: every stop shows a focus indicator (an outline or a
 * ring) on itself or, for a visually hidden control such as a styled radio, on its visible label.
 */
async function focusStops(page: Page, count: number) {
  const stops: { name: string; visible: boolean }[] = [];
  for (let index = 0; index < count; index += 1) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const shows = (target: Element) => {
        const style = getComputedStyle(target);
        return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      };
      const box = element.getBoundingClientRect();
      const hidden = box.width <= 1 || box.height <= 1;
      const label = element.closest("label") ?? (element.id ? document.querySelector(`label[for="${element.id}"]`) : null);
      const visible = shows(element) || (hidden && label !== null && shows(label));
      const name = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
      return { name, visible };
    });
    if (stop === null) break;
    stops.push(stop);
  }
  return stops;
}

test.describe("every keyboard stop shows where focus is", () => {
  test.use({ viewport: VIEWPORTS.desktop });

  for (const path of ["/", "/create-course", "/course/{course}", "/course/{course}/chat", "/gamification", "/subscription", "/account", "/how-it-works"]) {
    test(`signed in: ${path}`, async ({ page }) => {
      test.setTimeout(90_000);
      await registerViaApi(page.request);
      const course = path.includes("{course}") ? (await generateCourse(page.request)).detail.course.id : 0;
      await page.goto(path.replace("{course}", String(course)));
      await page.waitForLoadState("networkidle");
      const stops = await focusStops(page, 40);
      expect(stops.length).toBeGreaterThan(3);
      expect(stops.filter((stop) => !stop.visible).map((stop) => stop.name)).toEqual([]);
    });
  }

  test("signed out: /auth", async ({ page }) => {
    await page.goto("/auth");
    await page.waitForLoadState("networkidle");
    const stops = await focusStops(page, 30);
    expect(stops.length).toBeGreaterThan(3);
    expect(stops.filter((stop) => !stop.visible).map((stop) => stop.name)).toEqual([]);
  });
});

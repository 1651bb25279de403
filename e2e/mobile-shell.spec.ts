/**
 * The shell under 768px: the sidebar is a drawer behind the header button, a modal dialog that
 * Escape, the backdrop, its close button and its links close; on a desktop it stays a column.
 */
import { expect, expectAccessible, registerViaApi, test, VIEWPORTS } from "./fixtures";

const PHONE = VIEWPORTS.phone;
// The drawer's slide and fade, as most learners see them (the rest of the suite asks for reduced motion).
test.use({ reducedMotion: "no-preference" });

test("on a phone the sidebar is a drawer that opens from the header and closes every way", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await registerViaApi(page.request);
  await page.goto("/");
  const toggle = page.getByTestId("sidebar-toggle");
  const drawer = page.getByRole("dialog", { name: "Sidebar" });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("app-sidebar")).toBeHidden();
  // Nothing of the page is cut off sideways at 390px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Opened from the header (repeated while the page hydrates): focus moves inside, the page behind is inert.
  await expect(async () => {
    if (!(await drawer.isVisible())) await toggle.click();
    await expect(drawer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(drawer.getByRole("heading", { name: "My Learning" })).toBeVisible();
  await expect(drawer.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
  expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  expect(await page.locator("main").evaluate((element) => (element as HTMLElement).inert)).toBe(true);
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  expect(await page.locator("main").evaluate((element) => (element as HTMLElement).inert)).toBe(false);

  // The backdrop and the close button close it.
  await toggle.click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(PHONE.width - 10, PHONE.height / 2);
  await expect(drawer).toBeHidden();
  await toggle.click();
  await drawer.getByRole("button", { name: "Close sidebar" }).click();
  await expect(drawer).toBeHidden();

  // A link in it navigates and closes it.
  await toggle.click();
  await drawer.getByRole("link", { name: "Gamification Dashboard" }).click();
  await expect(page).toHaveURL(/\/gamification$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("on a desktop the sidebar is a column, open on home, that the header button hides and shows", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await registerViaApi(page.request);
  await page.goto("/");
  const sidebar = page.getByTestId("app-sidebar");
  const toggle = page.getByTestId("sidebar-toggle");
  await expect(sidebar).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("dialog", { name: "Sidebar" })).toHaveCount(0);
  await expect(async () => {
    if (await sidebar.isVisible()) await toggle.click();
    await expect(sidebar).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(sidebar).toBeVisible();

  // Shrinking the window to a phone's width turns the open column into a closed drawer.
  await page.setViewportSize(PHONE);
  await expect(sidebar).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

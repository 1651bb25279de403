/**
 * The theme follows the system until the learner picks one, in Chromium on a desktop and a phone:
 * with no stored choice a dark system preference is dark from the first frame (no light flash),
 * the page follows the preference as it changes, the theme menu says "System", and a learner's own
 * choice wins over the system's.
 */
import { expect, expectAccessible, test, VIEWPORTS } from "./fixtures";

// The colour transitions, as most learners see them (the rest of the suite asks for reduced motion).
test.use({ reducedMotion: "no-preference" });

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: with no choice made, the theme follows the system's dark preference, from the first frame and as it changes`, async ({ page, shell }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: "dark" });
    // The first theme the page applies to <html> (before its first paint, from the inline script):
    // a flash of the light theme would show here.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.documentElement.className) return;
        (window as unknown as { firstTheme: string }).firstTheme = document.documentElement.className;
        observer.disconnect();
      });
      observer.observe(document, { attributes: true, attributeFilter: ["class"], subtree: true });
    });
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toMatch(/\bdark\b/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
    await expectAccessible(page);

    // The system changes its mind while the page is open.
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html).toHaveClass(/\bdark\b/);

    // The menu says so; the learner's own choice then wins over the system's.
    await expect(await shell.openThemeMenu("System")).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("Escape");
    await shell.chooseTheme("Light");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expectAccessible(page);
  });
}

import { expect, registerViaApi, test } from "./fixtures";

test("the theme starts light, persists under 'theme' across reloads, and follows the toggle", async ({ page, shell }) => {
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await shell.chooseTheme("Dark");
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await shell.chooseTheme("Light");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("404 Page Not Found · CourseCraft");
});

test("every link in the header and sidebar resolves", async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto("/");
  const hrefs = await page
    .locator("header a[href^='/'], aside a[href^='/']")
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")!))]);
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
  }
});

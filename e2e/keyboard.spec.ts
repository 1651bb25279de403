import { expect, registerViaApi, test } from "./fixtures";

test("the user menu works from the keyboard and Escape returns focus to its button", async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto("/");
  const trigger = page.getByRole("button", { name: "User menu" });
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

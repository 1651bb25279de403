/**
 * A new API token is put in front of the learner in Chromium, on a desktop and a phone: once
 * created it is scrolled into view with its field focused (and selected), and Copy puts it on the
 * clipboard and says "Copied".
 */
import { AccountPage } from "./pages/account-page";
import { expect, expectAccessible, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: the one-time API token is brought into view and focused, and Copy says "Copied"`, async ({ page, context }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const account = new AccountPage(page);
    await account.goto();
    await expect(page.getByText("You have no API tokens.")).toBeVisible();

    await account.createToken(`deploy script ${name}`, "In 30 days");
    const field = account.newTokenValue();
    await expect(field).toBeFocused();
    const token = await field.inputValue();
    expect(token).toMatch(/^cc_pat_/);
    // All of it selected, ready for a copy by hand too.
    expect(await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, token.length]);
    // In view without scrolling: the heading, the field and its buttons.
    await expect(account.newToken().getByRole("heading", { name: `Your new token “deploy script ${name}”` })).toBeInViewport({ ratio: 1 });
    await expect(field).toBeInViewport({ ratio: 1 });
    const copy = account.newToken().getByRole("button", { name: "Copy" });
    await expect(copy).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);

    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await copy.click();
    await expect(account.newToken().getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    // It says so for a moment, then offers Copy again.
    await expect(account.newToken().getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 5_000 });
  });
}

/**
 * Personal API tokens in Chromium, on a desktop and a phone: a learner creates a token on
 * /account and sees it once, a script (a request context with no cookies) uses it as
 * `Authorization: Bearer` — from any origin, as no browser sends it by itself — and once the
 * learner revokes it the script gets 401 at once.
 */
import { AccountPage } from "./pages/account-page";
import { expect, expectAccessible, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("create a token, see it once, use it from a script, revoke it: the script gets 401", async ({ page, context, playwright, baseURL, shell }) => {
      // The account page now holds the e-mail and reminder cards too: its axe checks take longer on a phone.
      test.setTimeout(90_000);
      const user = await registerViaApi(page.request);
      const me = (await (await page.request.get("/api/user")).json()) as { id: number };
      const account = new AccountPage(page);
      await account.goto();
      await expect(page.getByRole("heading", { level: 2, name: "API tokens" })).toBeVisible();
      await expect(page.getByText("You have no API tokens.")).toBeVisible();

      await account.createToken(`nightly export ${name}`, "In 90 days");
      await expect(account.newToken()).toContainText("it will not be shown again");
      const token = await account.newTokenValue().inputValue();
      expect(token).toMatch(/^cc_pat_[A-Za-z0-9_-]{43}$/);
      await expect(account.tokens()).toHaveCount(1);
      const row = account.token(`nightly export ${name}`);
      await expect(row).toContainText(token.slice(0, 11));
      await expect(row).toContainText("Never used");
      await expect(row).toContainText("Expires");
      await expect(row).not.toContainText(token);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);

      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await account.newToken().getByRole("button", { name: "Copy" }).click();
      await expect(shell.toast("Token copied")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

      // Shown once: after Done, or on another visit, only the prefix is left.
      await account.newToken().getByRole("button", { name: "Done" }).click();
      await expect(account.newToken()).toBeHidden();
      await page.reload();
      await expect(account.token(`nightly export ${name}`)).toBeVisible();
      await expect(page.locator("body")).not.toContainText(token);

      // A script: no cookies, only the token.
      const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
      const courses = await script.get("/api/courses/user");
      expect(courses.status(), await courses.text()).toBe(200);
      expect(await courses.json()).toEqual([]);
      expect(await (await script.get("/api/user")).json()).toMatchObject({ username: user.username });
      // From another origin too: a bearer token is no ambient credential.
      const visit = await script.post(`/api/streaks/${me.id}/activity`, { data: {}, headers: { origin: "https://tools.example" } });
      expect(visit.status(), await visit.text()).toBe(200);
      // But it cannot mint tokens.
      const minted = await script.post("/api/trpc/apiTokens.create", { data: { json: { name: "minted", expiresInDays: null } } });
      expect(minted.status()).toBe(403);

      await page.reload();
      await expect(account.token(`nightly export ${name}`)).toContainText("Last used");
      await account
        .token(`nightly export ${name}`)
        .getByRole("button", { name: `Revoke nightly export ${name}` })
        .click();
      const confirm = page.getByRole("group", { name: `Confirm revoking nightly export ${name}` });
      await expect(confirm).toContainText("Scripts using it stop working at once.");
      await expectAccessible(page);
      await confirm.getByRole("button", { name: "Revoke now" }).click();
      await expect(shell.toast("Token revoked")).toBeVisible();
      await expect(account.tokens()).toHaveCount(0);

      const refused = await script.get("/api/courses/user");
      expect(refused.status()).toBe(401);
      expect(await refused.json()).toMatchObject({ message: "This API token has been revoked." });
      await script.dispose();
    });
  });
}

/**
 * E-mail in Chromium, on a desktop and a phone, read from the app's .eml outbox (no SMTP_URL):
 * verifying an address from /account through its mail, and "Forgot password?" end to end from
 * the reset mail to signing in with the new password.
 */
import { AuthPage } from "./pages/auth-page";
import { expect, expectAccessible, expectHydrated, registerViaApi, test, uniqueUser, VIEWPORTS } from "./fixtures";
import { linkInMail } from "./mail";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });
    // Each test reads mail from the disk and runs axe on three or four pages.
    test.describe.configure({ timeout: 60_000 });

    test("change the address on /account, open the link in its mail: the account shows it verified", async ({ page }) => {
      await registerViaApi(page.request);
      await page.goto("/account");
      const state = page.getByTestId("email-state");
      await expect(state).toContainText("Not verified yet");
      const email = uniqueUser(`mail${name}`).email.toLowerCase();
      const form = page.getByRole("form", { name: "Change email" });
      await expectHydrated(form.getByRole("button", { name: "Change email" }));
      await form.getByLabel("New email address").fill(email);
      await form.getByRole("button", { name: "Change email" }).click();
      await expect(state).toContainText(email);
      await expect(state).toContainText("Not verified yet");
      await expect(state.getByRole("button", { name: "Send the link again" })).toBeVisible();
      await expectAccessible(page);

      const link = await linkInMail(email, "verify-email");
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "Verify your email" })).toBeVisible();
      await expectAccessible(page);
      const confirm = page.getByRole("button", { name: "Confirm my email address" });
      await expectHydrated(confirm);
      await confirm.click();
      await expect(page.getByRole("status")).toContainText(`Your email address ${email} is verified.`);

      await page.goto("/account");
      await expect(state).toContainText(email);
      await expect(state).toContainText("Verified");
      await expect(state.getByRole("button", { name: "Send the link again" })).toHaveCount(0);
      // The link was single-use.
      await page.goto(link);
      await page.getByRole("button", { name: "Confirm my email address" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toContainText("not valid");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test("forgot password: the link in the mail sets a new password, which signs in; the old one no longer does", async ({ page, browser }) => {
      const user = await registerViaApi(page.request, uniqueUser(`reset${name}`));
      const email = user.email.toLowerCase();
      // Verify the address from the registration's mail first: only a verified address gets a reset link.
      const verifyLink = new URL(await linkInMail(email, "verify-email"));
      const verified = await page.request.post("/api/user/email/verify", { data: { token: verifyLink.searchParams.get("token") } });
      expect(verified.status(), await verified.text()).toBe(200);
      // Another browser signed in as the learner: signed out by the reset.
      const elsewhere = await browser.newContext();
      const other = await elsewhere.newPage();
      expect((await other.request.post("/api/login", { data: { username: user.username, password: user.password } })).status()).toBe(200);
      await page.context().clearCookies();

      const auth = new AuthPage(page);
      await auth.goto();
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
      await expectAccessible(page);
      const asked = new Date(Date.now() - 1_000);
      const form = page.getByRole("form", { name: "Forgot password" });
      await expectHydrated(form.getByRole("button", { name: "Send me a link" }));
      await form.getByLabel("Username or email").fill(email);
      await form.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByRole("status")).toContainText("If an account matches");

      const link = await linkInMail(email, "reset-password", asked);
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
      await expectAccessible(page);
      const reset = page.getByRole("form", { name: "Set a new password" });
      await expectHydrated(reset.getByRole("button", { name: "Set new password" }));
      const newPassword = "a brand new password";
      await reset.getByLabel("New password", { exact: true }).fill(newPassword);
      await reset.getByLabel("Confirm new password").fill(newPassword);
      await reset.getByRole("button", { name: "Set new password" }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(await (await page.request.get("/api/user")).json()).toMatchObject({ username: user.username });
      expect((await other.request.get("/api/user")).status()).toBe(401);
      await elsewhere.close();

      // Signed out, the new password signs in through the form; the old one is refused.
      await page.context().clearCookies();
      expect((await page.request.post("/api/login", { data: { username: user.username, password: user.password } })).status()).toBe(401);
      await auth.goto();
      await auth.login(user.username, newPassword);
      await expect.poll(async () => (await page.request.get("/api/user")).status()).toBe(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
}

/**
 * Reminder settings on /account, desktop and phone: the time zone starts as the browser's, the
 * choices are saved and still there after a reload (and through GET /api/user/reminders), an
 * unknown time zone is refused in the form; the unsubscribe link's page asks before it changes
 * anything. Push delivery itself is tested on the server (src/server/api/routers/push.int.test.ts).
 */
import { expect, expectAccessible, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport, timezoneId: "America/Sao_Paulo" });

    test("reminder settings: the browser's time zone prefilled, saved, kept after a reload", async ({ page, shell }) => {
      test.setTimeout(90_000);
      await registerViaApi(page.request);
      await page.goto("/account");
      const form = page.getByRole("form", { name: "Reminder settings" });
      await expect(form.getByLabel("Time zone")).toHaveValue("America/Sao_Paulo");
      await expect(form.getByLabel("E-mail")).not.toBeChecked();
      await expect(form.getByLabel("Hour", { exact: true })).toHaveValue("18");
      await expectAccessible(page);

      await form.getByLabel("Time zone").fill("Atlantis/Lost_City");
      await form.getByRole("button", { name: "Save reminders" }).click();
      await expect(form).toContainText("Unknown time zone");

      await form.getByLabel("E-mail").check();
      await form.getByLabel("Hour", { exact: true }).selectOption("7");
      await form.getByLabel("Time zone").fill("Europe/Lisbon");
      await form.getByLabel("My streak ends today").uncheck();
      await form.getByRole("button", { name: "Save reminders" }).click();
      await expect(shell.toast("Reminder settings saved")).toBeVisible();

      await page.reload();
      const again = page.getByRole("form", { name: "Reminder settings" });
      await expect(again.getByLabel("E-mail")).toBeChecked();
      await expect(again.getByLabel("Hour", { exact: true })).toHaveValue("7");
      await expect(again.getByLabel("Time zone")).toHaveValue("Europe/Lisbon");
      await expect(again.getByLabel("My streak ends today")).not.toBeChecked();
      await expect(again.getByLabel("Cards due for review")).toBeChecked();
      const stored = await page.request.get("/api/user/reminders");
      expect(await stored.json()).toEqual({ email: true, push: false, hour: 7, timeZone: "Europe/Lisbon", kinds: ["due-cards", "assignments"] });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
    });

    test("an unsubscribe link that is not valid shows a page that says so, and changes nothing", async ({ page }) => {
      const response = await page.goto("/api/reminders/unsubscribe?token=1.email.forged");
      expect(response?.status()).toBe(400);
      await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    });
  });
}

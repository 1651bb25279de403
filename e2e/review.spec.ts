/**
 * Spaced review in Chromium, on a desktop and a phone: a learner with no cards sees the empty
 * state; missing quiz questions makes cards, counted in the header and on the course page; on
 * /review Space flips a card and a key rates it (each button shows its next interval); 'Rewatch
 * this moment' opens the player at the card's second; once all are rated the page says when the
 * next card is due. The desired retention is set on /account.
 */
import { CoursePage } from "./pages/course-page";
import { ReviewPage } from "./pages/review-page";
import { expect, expectAccessible, generateCourse, missQuestions, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("missed questions become cards: counted in the header, flipped with Space, rated with a key, rewatched at their moment", async ({ page }) => {
      test.setTimeout(120_000);
      await registerViaApi(page.request);
      const review = new ReviewPage(page);

      // No cards yet.
      await review.goto();
      await expect(review.empty()).toContainText("No cards yet");
      await expect(review.empty()).toContainText("Cards are made from the quiz questions you miss.");
      await expect(review.headerLink()).toBeVisible();
      await expect(review.headerCount()).toBeHidden();
      await expectAccessible(page);

      const { detail, sections } = await generateCourse(page.request);
      const missed = await missQuestions(page.request, sections[0]!.id);
      const fronts = missed.map((card) => card.front);

      // The course page counts them; so does the header.
      const coursePage = new CoursePage(page);
      await coursePage.goto(detail.course.id);
      await expect(page.getByTestId("course-review-link")).toHaveText(`Review ${missed.length} card${missed.length === 1 ? "" : "s"}`);
      await expect(review.headerCount()).toHaveText(String(missed.length));
      await expect(review.headerLink()).toHaveAccessibleName(new RegExp(`^Review\\s*, ${missed.length} cards? due$`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await review.headerLink().click();
      await expect(page).toHaveURL(/\/review$/);
      await expect(review.remaining()).toContainText(`${missed.length} card${missed.length === 1 ? "" : "s"} due`);
      const first = (await review.front().innerText()).trim();
      expect(fronts).toContain(first);
      await expect(review.back()).toBeHidden();

      // Space flips: the answer, the moment to rewatch, and each rating's next interval.
      await page.keyboard.press("Space");
      await expect(review.back()).toBeVisible();
      await expect(review.rating("Again")).toContainText("1m");
      await expect(review.rating("Good")).toContainText(/\d+m/);
      await expect(review.rating("Easy")).toContainText(/\d+d/);
      await expectAccessible(page);
      const moment = missed.find((card) => card.front === first)!.sourceTime;
      if (moment !== null) {
        await expect(review.back()).toContainText("Rewatch at");
        await expect(review.rewatch()).toHaveAttribute("href", `/course/${detail.course.id}?t=${moment}`);
        await review.rewatch().click();
        await expect(page).toHaveURL(new RegExp(`/course/${detail.course.id}\\?t=${moment}$`));
        await coursePage.expectPlayerAt(moment);
        await review.goto();
        await expect(review.front()).toHaveText(first);
        await review.showAnswer().click();
        await expect(review.back()).toBeVisible();
      }

      // Key 3 rates Good: the card leaves today's queue and the count goes down.
      await page.keyboard.press("3");
      for (let left = missed.length - 1; left > 0; left -= 1) {
        await expect(review.remaining()).toContainText(`${left} card${left === 1 ? "" : "s"} due`);
        await expect(review.front()).not.toHaveText(first);
        await page.keyboard.press("Space");
        await expect(review.back()).toBeVisible();
        await page.keyboard.press("4");
      }

      // All rated: when the next one is due.
      await expect(review.empty()).toContainText(/Next card due in \d+ minutes?\./);
      await expect(review.headerCount()).toBeHidden();
      const stored = (await (await page.request.get("/api/review/queue")).json()) as { dueCount: number; nextDueAt: string | null };
      expect(stored.dueCount).toBe(0);
      expect(stored.nextDueAt).not.toBeNull();
      await expectAccessible(page);
    });

    test("the desired retention is set on /account", async ({ page, shell }) => {
      await registerViaApi(page.request);
      await page.goto("/account");
      const form = page.getByRole("form", { name: "Spaced review setting" });
      const field = form.getByLabel("Desired retention (%)");
      await expect(field).toHaveValue("90");
      await field.fill("50");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form).toContainText("Choose a number from 70 to 99");
      await field.fill("85");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(shell.toast("Review setting saved")).toBeVisible();
      await page.reload();
      await expect(page.getByRole("form", { name: "Spaced review setting" }).getByLabel("Desired retention (%)")).toHaveValue("85");
      const settings = await page.request.get(`/api/trpc/review.settings`);
      expect(((await settings.json()) as { result: { data: { json: { desiredRetention: number } } } }).result.data.json.desiredRetention).toBe(0.85);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
    });
  });
}

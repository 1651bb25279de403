/**
 * /review stays live in Chromium, on a desktop and a phone: cards made while the page is open
 * show when the learner comes back to the tab, and a card rated Again comes back by itself a
 * minute later, on the page and in the header's count, from one look at the queue when it falls
 * due rather than from polling.
 *
 * The server's clock decides when a card is due, so the minute is a real one (Playwright's fake
 * clock moves only the page's).
 */
import { ReviewPage } from "./pages/review-page";
import { expect, expectAccessible, generateCourse, missQuestions, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("cards missed in another tab show on /review and in the header once the learner comes back", async ({ page }) => {
      test.setTimeout(120_000);
      await registerViaApi(page.request);
      const { sections } = await generateCourse(page.request);
      const review = new ReviewPage(page);
      await review.goto();
      await expect(review.empty()).toContainText("No cards yet");
      await expect(review.headerLink()).toBeVisible();
      await expect(review.headerCount()).toBeHidden();

      // Meanwhile, in another tab, a quiz goes wrong.
      const missed = await missQuestions(page.request, sections[0]!.id);
      const count = `${missed.length} card${missed.length === 1 ? "" : "s"} due`;

      await review.leaveAndComeBack();
      await expect(review.remaining()).toContainText(count);
      expect(missed.map((card) => card.front)).toContain((await review.front().innerText()).trim());
      await expect(review.headerCount()).toHaveText(String(missed.length));
      await expectAccessible(page);
    });

    test("a card rated Again comes back by itself a minute later, and the header counts it", async ({ page }) => {
      test.setTimeout(150_000);
      await registerViaApi(page.request);
      const { sections } = await generateCourse(page.request);
      const missed = await missQuestions(page.request, sections[0]!.id);
      const review = new ReviewPage(page);
      await review.goto();
      await expect(review.remaining()).toContainText(`${missed.length} card`);

      // The first card Again (due in a minute), the others Easy (due in days).
      const again = (await review.front().innerText()).trim();
      await review.showAnswer().click();
      await review.rating("Again").click();
      for (let left = missed.length - 1; left > 0; left -= 1) {
        await expect(review.remaining()).toContainText(`${left} card${left === 1 ? "" : "s"} due`);
        await review.showAnswer().click();
        await review.rating("Easy").click();
      }
      await expect(review.empty()).toContainText(/All caught up\s*Next card due in (under a minute|1 minute)\./);
      await expect(review.headerCount()).toBeHidden();
      await expectAccessible(page);

      // A minute later: the card is back, on the page and in the header, without the page polling.
      let queueLooks = 0;
      page.on("request", (request) => {
        if (request.url().includes("review.queue")) queueLooks += 1;
      });
      await expect(review.front()).toHaveText(again, { timeout: 90_000 });
      await expect(review.remaining()).toContainText("1 card due");
      await expect(review.headerCount()).toHaveText("1");
      await expect(review.headerLink()).toHaveAccessibleName(/^Review\s*, 1 card due$/);
      expect(queueLooks).toBeLessThanOrEqual(2);
      const queue = (await (await page.request.get("/api/review/queue")).json()) as { dueCount: number };
      expect(queue.dueCount).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
    });
  });
}

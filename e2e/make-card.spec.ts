import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";
import { CoursePage } from "./pages/course-page";
import { ReviewPage } from "./pages/review-page";
import { StudyPanels, transcriptOf } from "./pages/study-panels";

/**
 * 'Make a card' in the player: from a transcript line (its words are the answer, the learner
 * writes the question) and from a note (the note is the question); both cards keep their moment
 * and are due on /review at once, where 'Rewatch this moment' leads back to it.
 */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const phone = name === "phone";

  test(`${name}: cards made from a transcript line and from a note are due on /review with their moments`, async ({ page, shell }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail } = await generateCourse(page.request);
    const courseId = detail.course.id;
    const [firstLine] = await transcriptOf(page, courseId);
    const created = await page.request.post(`/api/courses/${courseId}/notes`, { data: { timeSeconds: 30, text: "Remember the pivot" } });
    expect(created.status(), await created.text()).toBe(200);

    const coursePage = new CoursePage(page);
    const panels = new StudyPanels(page);
    await coursePage.goto(courseId);
    await coursePage.pausePlayer();
    const maker = page.getByRole("dialog", { name: /^Make a card/ });

    // From the first transcript line: the line is the back; the learner writes the front.
    await panels.open("Transcript", phone);
    await panels.transcript().getByRole("button", { name: "Make a card from the line at 0:00" }).first().click();
    await expect(maker).toBeVisible();
    await expect(maker.getByRole("textbox", { name: /Back/ })).toHaveValue(firstLine!.text);
    await expect(maker.getByRole("button", { name: "Make card" })).toBeDisabled();
    await maker.getByRole("textbox", { name: /Front/ }).fill("How does the video open?");
    await expectAccessible(page);
    await maker.getByRole("button", { name: "Make card" }).click();
    await expect(shell.toast("Card made")).toBeVisible();
    await expect(maker).toBeHidden();

    // From the note: the note is the front; the learner answers it.
    await panels.open("Notes", phone);
    await expect(panels.noteItems()).toHaveCount(1);
    await panels.noteItems().first().getByRole("button", { name: "Make a card" }).click();
    await expect(maker).toBeVisible();
    await expect(maker).toContainText("Make a card at 0:30");
    await expect(maker.getByRole("textbox", { name: /Front/ })).toHaveValue("Remember the pivot");
    await maker.getByRole("textbox", { name: /Back/ }).fill("The middle element");
    await maker.getByRole("button", { name: "Make card" }).click();
    await expect(shell.toast("Card made")).toBeVisible();

    // Both are due now; the note's card leads back to 0:30.
    const review = new ReviewPage(page);
    await review.goto();
    await expect(review.remaining()).toContainText("2 cards due");
    const fronts = new Set<string>();
    for (let n = 0; n < 2; n += 1) {
      const front = (await review.front().innerText()).trim();
      fronts.add(front);
      await review.showAnswer().click();
      if (front === "Remember the pivot") {
        await expect(review.back()).toHaveText("The middle element");
        await expect(review.rewatch()).toHaveAttribute("href", `/course/${courseId}?t=30`);
      } else {
        await expect(review.back()).toHaveText(firstLine!.text);
        await expect(review.rewatch()).toHaveAttribute("href", `/course/${courseId}?t=${Math.floor(firstLine!.start)}`);
      }
      await review.rating("Good").click();
      if (n === 0) await expect(review.front()).not.toHaveText(front);
    }
    expect(fronts).toEqual(new Set(["How does the video open?", "Remember the pivot"]));
    await expect(review.empty()).toBeVisible();
  });
}

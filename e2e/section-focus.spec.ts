import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";
import { CoursePage } from "./pages/course-page";

/**
 * Moving to a section from far down the page (Next, the quiz's Continue, Previous, the outline)
 * brings its video into view, below the sticky header, and focus to its heading, on a desktop and
 * a phone (the stub player, VIDEO_PLAYER=stub); with reduced motion the page jumps there at once.
 */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const phone = name === "phone";

  test(`${name}: Next, Continue, Previous and the outline land on the section's video and heading`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail, sections } = await generateCourse(page.request);
    expect(sections.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = sections as [(typeof sections)[0], (typeof sections)[0], (typeof sections)[0]];
    const coursePage = new CoursePage(page);
    await coursePage.goto(detail.course.id);
    await coursePage.expectCurrent(first.title);
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });

    const outlineToggle = page.getByRole("button", { name: /^Course contents/ });
    /** From the bottom of the page: on a phone the outline's button is above the video. */
    async function chooseInOutline(section: typeof first) {
      if (phone) await outlineToggle.click();
      await coursePage.selectSection(section.chapterTitle, section.title);
    }

    // Next, from the bottom of the page, where the quiz was.
    await coursePage.nextButton().scrollIntoViewIfNeeded();
    await expect(coursePage.video()).not.toBeInViewport({ ratio: 1 });
    await coursePage.nextButton().click();
    await coursePage.expectCurrent(second.title);
    await coursePage.expectVideoInView();
    await expect(coursePage.sectionTitle()).toBeFocused();

    // The quiz's Continue, below its questions.
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    await coursePage.answerAnyhow();
    await coursePage.submitButton().click();
    const proceed = coursePage.quiz().getByRole("button", { name: "Continue", exact: true });
    await proceed.scrollIntoViewIfNeeded();
    await expect(coursePage.video()).not.toBeInViewport({ ratio: 1 });
    await proceed.click();
    await coursePage.expectCurrent(third.title);
    await coursePage.expectVideoInView();
    await expect(coursePage.sectionTitle()).toBeFocused();

    // The outline, from the bottom of the page.
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    await coursePage.previousButton().scrollIntoViewIfNeeded();
    await expect(coursePage.video()).not.toBeInViewport({ ratio: 1 });
    await chooseInOutline(first);
    await coursePage.expectCurrent(first.title);
    await coursePage.expectVideoInView();
    await expect(coursePage.sectionTitle()).toBeFocused();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);

    // Previous, with reduced motion: one jump, no smooth scrolling.
    await chooseInOutline(third);
    await coursePage.expectCurrent(third.title);
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await coursePage.previousButton().scrollIntoViewIfNeeded();
    await expect(coursePage.video()).not.toBeInViewport({ ratio: 1 });
    await page.evaluate(() => {
      const counter = window as unknown as { scrolls: number };
      counter.scrolls = 0;
      window.addEventListener("scroll", () => (counter.scrolls += 1));
    });
    await coursePage.previousButton().click();
    await coursePage.expectCurrent(second.title);
    await coursePage.expectVideoInView();
    await expect(coursePage.sectionTitle()).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { scrolls: number }).scrolls)).toBeLessThanOrEqual(2);
  });
}

import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";
import { CoursePage } from "./pages/course-page";
import { lineAt, type Segment, StudyPanels, transcriptOf } from "./pages/study-panels";

/**
 * The transcript beside the video (the stub player, VIDEO_PLAYER=stub): the spoken line is
 * highlighted and followed, scrolling away stops following until 'Follow video', a line (click or
 * Enter) seeks the same player, and the search steps through its matches with a count and can
 * list only the matching lines.
 */

/** A word in several lines (not too many), and the indexes of those lines. */
function searchableWord(segments: readonly Segment[]) {
  const linesOf = new Map<string, number[]>();
  segments.forEach((segment, index) => {
    for (const word of new Set(segment.text.toLowerCase().match(/[a-z]{5,}/g) ?? [])) linesOf.set(word, [...(linesOf.get(word) ?? []), index]);
  });
  const fit = [...linesOf].filter(([, lines]) => lines.length >= 3 && lines.length <= 15).sort((a, b) => b[1].length - a[1].length);
  expect(fit.length, "a word in 3 to 15 lines").toBeGreaterThan(0);
  const [word, lines] = fit[0]!;
  // The panel matches substrings: count every line that holds the word anywhere.
  return { word, lines: segments.flatMap((segment, index) => (segment.text.toLowerCase().includes(word) ? [index] : [])), sample: lines };
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const phone = name === "phone";

  test(`${name}: the transcript follows the video, seeks, and searches`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail } = await generateCourse(page.request);
    const segments = await transcriptOf(page, detail.course.id);
    expect(segments.length).toBeGreaterThan(20);
    const coursePage = new CoursePage(page);
    const panels = new StudyPanels(page);
    await coursePage.goto(detail.course.id);
    await expect(coursePage.player()).toBeVisible();
    const instance = await coursePage.player().getAttribute("data-instance");
    const url = page.url();

    if (!phone) {
      // Paused far into the video: the panel opens on the line being spoken there.
      await coursePage.pausePlayer();
      const moment = Math.ceil(segments[Math.floor(segments.length * 0.6)]!.start);
      await coursePage.seekPlayer(moment);
      await panels.open("Transcript", phone);
      await expect(panels.activeLine()).toHaveAttribute("data-start", String(segments[lineAt(segments, moment)]!.start));
      await expect(panels.activeLine()).toBeInViewport();
      await coursePage.player().getByRole("button", { name: "Play" }).click();
    } else {
      await panels.open("Transcript", phone);
      await expect(panels.activeLine()).toBeInViewport();
      // The sheet fills the screen below the video, which stays in view above it.
      const [video, sheet] = [await coursePage.player().boundingBox(), await panels.sheet().boundingBox()];
      expect(video!.y).toBeGreaterThanOrEqual(0);
      expect(video!.y + video!.height).toBeLessThanOrEqual(sheet!.y + 1);
    }
    // The words of a line get most of the panel's width (the time sits above them when it is narrow).
    const lineText = panels.activeLine().locator(":scope > span").last();
    const [words, panel] = [await lineText.boundingBox(), await panels.scroller().boundingBox()];
    expect(words!.width / panel!.width).toBeGreaterThan(0.7);

    // While the video plays, the highlight moves on to the next line, still in view.
    const playingFrom = Number(await panels.activeLine().getAttribute("data-start"));
    const next = segments[segments.findIndex((segment) => segment.start === playingFrom) + 1]!;
    await expect(panels.activeLine()).toHaveAttribute("data-start", String(next.start), { timeout: (next.start - playingFrom + 5) * 1000 });
    await expect(panels.activeLine()).toBeInViewport();

    // Scrolling the panel away stops following; 'Follow video' brings the spoken line back.
    await panels.scroller().hover();
    await page.mouse.wheel(0, next.start > segments[segments.length - 1]!.start / 2 ? -20_000 : 20_000);
    await expect(panels.followButton()).toBeVisible();
    await expect(panels.activeLine()).not.toBeInViewport();
    // The button sits below the lines, never over them.
    const [button, scroller] = [await panels.followButton().boundingBox(), await panels.scroller().boundingBox()];
    expect(button!.y).toBeGreaterThanOrEqual(scroller!.y + scroller!.height - 1);
    await panels.followButton().click();
    await expect(panels.followButton()).toBeHidden();
    await expect(panels.activeLine()).toBeInViewport();

    // A click on a line seeks the same player there (no reload); so does Enter on a focused line.
    await panels.scroller().hover();
    await page.mouse.wheel(0, -20_000);
    const picked = segments[4]!;
    await panels.line(picked).click();
    await coursePage.expectPlayerAt(Math.floor(picked.start));
    await expect(panels.line(picked)).toHaveAttribute("aria-current", "time");
    const keyed = segments[2]!;
    await panels.line(keyed).focus();
    await page.keyboard.press("Enter");
    await coursePage.expectPlayerAt(Math.floor(keyed.start));
    await expect(coursePage.player()).toHaveAttribute("data-instance", instance!);
    expect(page.url()).toBe(url);

    // Search: the count, then next and previous through the matches (wrapping), each highlighted and in view.
    const { word, lines } = searchableWord(segments);
    await panels.search().fill(word);
    await expect(panels.matchCount()).toHaveText(`${lines.length} matches`);
    const next1 = panels.transcript().getByRole("button", { name: "Next match" });
    const previous = panels.transcript().getByRole("button", { name: "Previous match" });
    await next1.click();
    await expect(panels.matchCount()).toHaveText(`1 of ${lines.length}`);
    await next1.click();
    await expect(panels.matchCount()).toHaveText(`2 of ${lines.length}`);
    const second = panels.line(segments[lines[1]!]!);
    await expect(second).toBeInViewport();
    await expect(second.locator("mark").first()).toHaveText(new RegExp(`^${word}$`, "i"));
    await previous.click();
    await expect(panels.matchCount()).toHaveText(`1 of ${lines.length}`);
    await previous.click();
    await expect(panels.matchCount()).toHaveText(`${lines.length} of ${lines.length}`);
    await expect(panels.line(segments[lines[lines.length - 1]!]!)).toBeInViewport();
    await panels.search().press("Enter");
    await expect(panels.matchCount()).toHaveText(`1 of ${lines.length}`);

    // Filtered: only the matching lines are listed (the list is virtual: every line shown holds the word), until unchecked.
    const only = panels.transcript().getByRole("checkbox", { name: "Only matching lines" });
    const shownWithout = async () => (await panels.lines().allInnerTexts()).filter((text) => !text.toLowerCase().includes(word)).length;
    await only.check();
    await expect.poll(shownWithout).toBe(0);
    await expect(panels.lines().first()).toBeVisible();
    await expect(panels.matchCount()).toHaveText(`1 of ${lines.length}`);
    await only.uncheck();
    await expect.poll(shownWithout).toBeGreaterThan(0);
    await panels.search().fill("zzqqxx");
    await expect(panels.matchCount()).toHaveText("No matches");

    await expectAccessible(page);
    if (phone) {
      await panels.sheet().getByRole("button", { name: "Close" }).click();
      await expect(panels.sheet()).toBeHidden();
    }
  });
}

import { type Page } from "@playwright/test";

import { expect, expectAccessible, generateCourse, OFFLINE_BASE_URL, registerViaApi, routeYouTube, test, VIEWPORTS } from "./fixtures";
import { CoursePage } from "./pages/course-page";
import { StudyPanels } from "./pages/study-panels";

/**
 * When the YouTube player cannot load (the IFrame API blocked: offline, a school network), the
 * video's place offers a way on: "Watch on YouTube at m:ss" at the moment the page is at, and
 * Retry, which loads the player there once YouTube is reachable; the transcript, notes and quiz
 * keep working meanwhile. The offline instance runs the real YouTube adapter (VIDEO_PLAYER=youtube)
 * on e2e/fakes/youtube-iframe-api.js, see youtube-player.spec.ts.
 */
const mss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;
const watchUrl = (videoId: string, seconds: number) => `https://www.youtube.com/watch?v=${videoId}&t=${Math.floor(seconds)}s`;

/** The seeks the fake YouTube player was asked for (null before the fake script ran). */
function fakeSeeks(page: Page) {
  return page.evaluate(() => {
    const fake = (window as unknown as { __ytFake?: { seeks: { seconds: number }[]; ready: number } }).__ytFake;
    return fake ? { ready: fake.ready, seeks: fake.seeks.map((seek) => seek.seconds) } : null;
  });
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const phone = name === "phone";

  test(`${name}: a player that cannot load offers YouTube at the moment and a retry; the rest keeps working`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await routeYouTube(page, { iframeApi: "fail" });
    await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
    const { detail, sections } = await generateCourse(page.request, OFFLINE_BASE_URL, "binary search");
    const videoId = detail.course.videoId!;
    const [first, second] = sections as [(typeof sections)[0], (typeof sections)[0]];
    expect(second.timeStart).toBeGreaterThan(first.timeStart);
    const coursePage = new CoursePage(page, OFFLINE_BASE_URL);
    const panels = new StudyPanels(page);

    await coursePage.goto(detail.course.id);
    await expect(coursePage.videoUnavailable()).toBeVisible();
    await expect(coursePage.retryVideo()).toBeVisible();
    await expect(coursePage.watchOnYouTube()).toHaveText(`Watch on YouTube at ${mss(first.timeStart)}`);
    await expect(coursePage.watchOnYouTube()).toHaveAttribute("href", watchUrl(videoId, first.timeStart));
    await expect(coursePage.watchOnYouTube()).toHaveAttribute("target", "_blank");
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);

    // Another section: the link follows it.
    if (phone) await page.getByRole("button", { name: /^Course contents/ }).click();
    await coursePage.selectSection(second.chapterTitle, second.title);
    await coursePage.expectCurrent(second.title);
    await expect(coursePage.watchOnYouTube()).toHaveAttribute("href", watchUrl(videoId, second.timeStart));
    await expect(coursePage.watchOnYouTube()).toHaveText(`Watch on YouTube at ${mss(second.timeStart)}`);

    // The transcript: a line picked there is where the link goes.
    await panels.open("Transcript", phone);
    const line = panels.lines().nth(3);
    const lineStart = Number(await line.getAttribute("data-start"));
    await line.click();
    if (phone)
      await panels
        .sheet()
        .getByRole("button", { name: /^Close/ })
        .click();
    await expect(coursePage.watchOnYouTube()).toHaveAttribute("href", watchUrl(videoId, lineStart));

    // A note at that moment.
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(panels.composer()).toBeVisible();
    await expect(panels.composer()).toContainText(`Note at ${mss(lineStart)}`);
    await panels.composer().getByRole("textbox").fill("Watch this part on YouTube");
    await panels.composer().getByRole("button", { name: "Save note" }).click();
    await expect(panels.noteItems()).toHaveCount(1);
    if (phone)
      await panels
        .sheet()
        .getByRole("button", { name: /^Close/ })
        .click();

    // The quiz of the section shown.
    const current = (await coursePage.sectionTitle().innerText()).trim();
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    await coursePage.answerAnyhow();
    await coursePage.submitButton().click();
    await expect(coursePage.quiz().getByTestId("quiz-result")).toBeVisible();
    await expect(coursePage.sectionTitle()).toHaveText(current);

    // YouTube is reachable again: Retry loads the player, at the moment the page is at.
    await routeYouTube(page);
    await coursePage.retryVideo().click();
    await expect(coursePage.youtubePlayer().locator("iframe")).toHaveAttribute("data-video-id", videoId);
    await expect(coursePage.videoUnavailable()).toBeHidden();
    await expect.poll(() => fakeSeeks(page)).toEqual({ ready: 1, seeks: [lineStart] });
  });
}

import { type Page } from "@playwright/test";

import { expect, expectAccessible, generateCourse, OFFLINE_BASE_URL, registerViaApi, routeYouTube, test, VIEWPORTS } from "./fixtures";
import { CoursePage } from "./pages/course-page";

/**
 * A section's key points (written by the offline engine), at a desktop and a phone viewport: each
 * point's time is a button that seeks the page's one YouTube player there (the fake IFrame API of
 * e2e/fakes/youtube-iframe-api.js records the seeks), with no navigation and no new player.
 */
type FakeYouTubeRecord = { constructed: number; destroyed: number; seeks: { seconds: number; allowSeekAhead: boolean }[] };

function fakeRecord(page: Page): Promise<FakeYouTubeRecord | null> {
  return page.evaluate(() => {
    const fake = (window as unknown as { __ytFake?: FakeYouTubeRecord }).__ytFake;
    if (!fake) return null;
    const { constructed, destroyed, seeks } = fake;
    return JSON.parse(JSON.stringify({ constructed, destroyed, seeks })) as FakeYouTubeRecord;
  });
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: a key point's time seeks the player there, in place`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await routeYouTube(page);
    await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
    const { detail, sections } = await generateCourse(page.request, OFFLINE_BASE_URL, "binary search");
    const [first, second] = sections;
    expect(first, "the course has a section").toBeDefined();
    const coursePage = new CoursePage(page, OFFLINE_BASE_URL);
    await coursePage.goto(detail.course.id);
    await expect(coursePage.sectionTitle()).toHaveText(first!.title);
    await expect.poll(async () => (await fakeRecord(page))?.constructed).toBe(1);

    const content = page.getByTestId("section-content");
    await expect(content.getByRole("heading", { name: "Key points" })).toBeVisible();
    await expect(content.getByRole("heading", { name: "Transcript" })).toBeVisible();
    const times = content.getByTestId("key-points").getByRole("button", { name: /^Watch at \d+:\d\d$/ });
    expect(await times.count()).toBeGreaterThanOrEqual(1);
    expect(await times.count()).toBeLessThanOrEqual(4);

    // The last point is later than the section's start and, like every point, before the next section.
    const time = times.last();
    const seconds = Number(await time.getAttribute("data-seconds"));
    expect(seconds).toBeGreaterThan(first!.timeStart);
    if (second) expect(seconds).toBeLessThan(second.timeStart);
    const url = page.url();
    await time.click();
    await expect.poll(async () => (await fakeRecord(page))?.seeks).toEqual([{ seconds, allowSeekAhead: true }]);
    expect(await fakeRecord(page)).toMatchObject({ constructed: 1, destroyed: 0 });
    expect(page.url()).toBe(url);
    await expect(coursePage.sectionTitle()).toHaveText(first!.title);
    await expectAccessible(page);
  });
}

/**
 * A topic the video library does not cover, on the offline instance (videos from
 * test/fixtures/videos only): the learner is told that no video was found, on a desktop and on a
 * phone, rather than getting a course built from an unrelated video; the form stays filled and no
 * course of the month is used.
 */
import { expect, OFFLINE_BASE_URL, registerViaApi, test, VIEWPORTS } from "./fixtures";
import { CreateCoursePage } from "./pages/create-course-page";
import { Shell } from "./pages/shell";

const NO_VIDEO_MESSAGE = "No video found for this topic. Try other words, or paste a YouTube link.";
const TOPIC = "How does a sourdough starter work?";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`on a ${name}: a topic with no video in the library shows '${NO_VIDEO_MESSAGE}'`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const createCoursePage = new CreateCoursePage(page, OFFLINE_BASE_URL);
    const shell = new Shell(page);
    await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);

    await createCoursePage.goto();
    await createCoursePage.generate({ topic: TOPIC, complexity: "Intermediate" });
    await expect(shell.toast("Failed to generate course")).toBeVisible({ timeout: 30_000 });
    const message = shell.toast(NO_VIDEO_MESSAGE);
    await expect(message).toBeVisible();
    await expect(message).toBeInViewport();

    await expect(createCoursePage.loader()).toBeHidden();
    await expect(page).toHaveURL(/\/create-course$/);
    await expect(createCoursePage.topic()).toHaveValue(TOPIC);
    await expect(createCoursePage.complexity("Intermediate")).toBeChecked();
    await expect(createCoursePage.banner()).toContainText("used 0 of 1 course this month");
    if (name === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

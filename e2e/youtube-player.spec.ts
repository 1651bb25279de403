import { type Page } from "@playwright/test";

import { expect, type FlatSection, generateCourse, OFFLINE_BASE_URL, registerViaApi, routeYouTube, test, YOUTUBE_IFRAME_API } from "./fixtures";
import { CoursePage } from "./pages/course-page";

/**
 * The course player's real YouTube adapter (src/components/course/video/youtube-player.tsx) on
 * the offline instance (VIDEO_PLAYER=youtube), with the IFrame API replaced by
 * e2e/fakes/youtube-iframe-api.js through request interception. The fake's clock moves only when
 * a test moves it, and it records what the adapter asked of it in `window.__ytFake`.
 */
type FakeYouTubeRecord = {
  constructed: number;
  ready: number;
  destroyed: number;
  plays: number;
  timeReads: number;
  lastOptions: { videoId: string; playerVars: Record<string, string | number> } | null;
  seeks: { seconds: number; allowSeekAhead: boolean }[];
};

declare global {
  interface Window {
    __ytFake?: FakeYouTubeRecord & { setTime(seconds: number): number };
  }
}

/** A plain copy of what the fake recorded (null before the fake script ran). */
function fakeRecord(page: Page): Promise<FakeYouTubeRecord | null> {
  return page.evaluate(() => {
    const fake = window.__ytFake;
    if (!fake) return null;
    const { constructed, ready, destroyed, plays, timeReads, lastOptions, seeks } = fake;
    return JSON.parse(JSON.stringify({ constructed, ready, destroyed, plays, timeReads, lastOptions, seeks })) as FakeYouTubeRecord;
  });
}

/** Moves the fake video's clock, as if it had played on to `seconds`. */
async function playTo(page: Page, seconds: number) {
  await page.evaluate((to) => window.__ytFake!.setTime(to), seconds);
}

/** The learner's saved current section of the course (null while nothing is saved: 404). */
async function savedSectionId(page: Page, courseId: number) {
  const response = await page.request.get(`${OFFLINE_BASE_URL}/api/courses/${courseId}/progress`);
  if (response.status() === 404) return null;
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { currentSectionId: number | null }).currentSectionId;
}

/** A learner on the offline instance with a course built from the binary-search fixture (creator chapters, distinct section starts). */
async function offlineCourse(page: Page) {
  await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
  const { detail, sections } = await generateCourse(page.request, OFFLINE_BASE_URL, "binary search");
  const videoId = detail.course.videoId;
  expect(videoId, "the course has the fixture's video").toBe("binSearch01");
  return { courseId: detail.course.id, videoId: videoId!, sections, coursePage: new CoursePage(page, OFFLINE_BASE_URL) };
}

/** The first three sections, whose starts strictly increase (so every expected time is unambiguous). */
function firstThree(sections: FlatSection[]): [FlatSection, FlatSection, FlatSection] {
  expect(sections.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = sections as [FlatSection, FlatSection, FlatSection];
  expect(second.timeStart).toBeGreaterThan(first.timeStart);
  expect(third.timeStart).toBeGreaterThan(second.timeStart);
  return [first, second, third];
}

test("one YouTube player per page: created at the section's start, seeked on a section change, followed, resumed", async ({ page }) => {
  test.setTimeout(120_000);
  const requested = await routeYouTube(page);
  const { courseId, videoId, sections, coursePage } = await offlineCourse(page);
  const [first, second, third] = firstThree(sections);

  // Opening the course: one player, for the course's video, autoplaying at the first section's start.
  await coursePage.goto(courseId);
  await coursePage.expectCurrent(first.title);
  const iframe = coursePage.youtubePlayer().locator("iframe");
  await expect(iframe).toHaveAttribute("data-video-id", videoId);
  await expect(iframe).toHaveAttribute("data-fake-player", "1");
  await expect(iframe.contentFrame().locator("body")).toHaveText(`Fake YouTube player: ${videoId}`);
  await expect
    .poll(() => fakeRecord(page))
    .toMatchObject({
      constructed: 1,
      ready: 1,
      destroyed: 0,
      seeks: [],
      lastOptions: { videoId, playerVars: { autoplay: 1, start: Math.floor(first.timeStart) } },
    });
  // Once ready, the adapter reads the time (about once a second).
  await expect.poll(async () => (await fakeRecord(page))!.timeReads).toBeGreaterThan(0);
  await expect(coursePage.videoUnavailable()).toBeHidden();
  expect(requested).toEqual([YOUTUBE_IFRAME_API]);

  // Choosing another section seeks the same player to its start: no second player, same iframe.
  const iframeHandle = await iframe.elementHandle();
  await coursePage.selectSection(second.chapterTitle, second.title);
  await coursePage.expectCurrent(second.title);
  await expect.poll(async () => (await fakeRecord(page))!.seeks).toEqual([{ seconds: second.timeStart, allowSeekAhead: true }]);
  const afterSeek = (await fakeRecord(page))!;
  expect(afterSeek).toMatchObject({ constructed: 1, destroyed: 0 });
  expect(afterSeek.plays).toBeGreaterThanOrEqual(1);
  expect(await iframeHandle.evaluate((element) => element.isConnected)).toBe(true);
  await expect(iframe).toHaveAttribute("data-fake-player", "1");
  await expect.poll(() => savedSectionId(page, courseId)).toBe(second.id);

  // The video plays on into the third section: the outline follows it (without seeking) and the progress is saved.
  await playTo(page, third.timeStart);
  await coursePage.expectCurrent(third.title);
  await expect.poll(() => savedSectionId(page, courseId)).toBe(third.id);
  expect(await fakeRecord(page)).toMatchObject({ constructed: 1, destroyed: 0, seeks: [{ seconds: second.timeStart, allowSeekAhead: true }] });

  // A reload resumes there: the new page's one player starts at the saved section.
  await page.reload();
  await coursePage.expectCurrent(third.title);
  await expect(coursePage.youtubePlayer().locator("iframe")).toHaveAttribute("data-video-id", videoId);
  await expect
    .poll(() => fakeRecord(page))
    .toMatchObject({
      constructed: 1,
      ready: 1,
      seeks: [],
      lastOptions: { videoId, playerVars: { autoplay: 1, start: Math.floor(third.timeStart) } },
    });
  expect(requested.every((url) => url === YOUTUBE_IFRAME_API)).toBe(true);
});

test("'Rewatch this part' seeks the player to the moment the explanation cites", async ({ page }) => {
  test.setTimeout(120_000);
  await routeYouTube(page);
  const { courseId, sections, coursePage } = await offlineCourse(page);
  const [, second] = firstThree(sections);

  // On the second section, so the seek to its start comes first and the rewatch seek is the next one.
  await coursePage.goto(courseId);
  await expect.poll(async () => (await fakeRecord(page))?.ready).toBe(1);
  await coursePage.selectSection(second.chapterTitle, second.title);
  await coursePage.expectCurrent(second.title);
  await expect.poll(async () => (await fakeRecord(page))!.seeks).toEqual([{ seconds: second.timeStart, allowSeekAhead: true }]);

  // The quiz's questions with the moments they are based on (sent with the quiz, shown after scoring).
  await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
  const quizResponse = await page.request.get(`${OFFLINE_BASE_URL}/api/sections/${second.id}/quiz`);
  expect(quizResponse.status(), await quizResponse.text()).toBe(200);
  const { questions } = (await quizResponse.json()) as { questions: { questionText: string; sourceTime: number | null }[] };
  // The question citing the latest moment (inside the section, and most unlike its start); the page lists them in the same order.
  let targetIndex = -1;
  for (const [index, question] of questions.entries()) {
    if (question.sourceTime !== null && (targetIndex < 0 || question.sourceTime > questions[targetIndex]!.sourceTime!)) targetIndex = index;
  }
  expect(targetIndex, "the offline quiz cites the transcript").toBeGreaterThanOrEqual(0);
  const target = questions[targetIndex]! as { questionText: string; sourceTime: number };

  const count = await coursePage.answerAnyhow();
  expect(count).toBe(questions.length);
  await coursePage.submitButton().click();
  await expect(coursePage.quiz().getByTestId("quiz-explanation")).toHaveCount(count);

  const question = coursePage.questions().nth(targetIndex);
  await expect(question.locator("legend")).toHaveText(`${targetIndex + 1}. ${target.questionText}`);
  await question.getByRole("button", { name: /Rewatch this part/ }).click();
  await expect
    .poll(async () => (await fakeRecord(page))!.seeks)
    .toEqual([
      { seconds: second.timeStart, allowSeekAhead: true },
      { seconds: target.sourceTime, allowSeekAhead: true },
    ]);
  // Same player, same section.
  expect(await fakeRecord(page)).toMatchObject({ constructed: 1, destroyed: 0 });
  await coursePage.expectCurrent(second.title);
});

test("when the IFrame API cannot be loaded the page says so and the rest of the course still works", async ({ page }) => {
  test.setTimeout(120_000);
  const requested = await routeYouTube(page, { iframeApi: "fail" });
  const { courseId, sections, coursePage } = await offlineCourse(page);
  const [first, second] = firstThree(sections);

  await coursePage.goto(courseId);
  await expect(coursePage.videoUnavailable()).toBeVisible();
  expect(requested).toEqual([YOUTUBE_IFRAME_API]);
  expect(await page.evaluate(() => ({ fake: window.__ytFake !== undefined, yt: window.YT !== undefined }))).toEqual({ fake: false, yt: false });

  // The section, its outline and the navigation work without a video.
  await coursePage.expectCurrent(first.title);
  await expect(coursePage.heading()).toBeVisible();
  await coursePage.selectSection(second.chapterTitle, second.title);
  await coursePage.expectCurrent(second.title);
  await expect.poll(() => savedSectionId(page, courseId)).toBe(second.id);
  await coursePage.previousButton().click();
  await coursePage.expectCurrent(first.title);
  await expect(coursePage.videoUnavailable()).toBeVisible();
});

/**
 * /mastery in Chromium, on a desktop and a phone: a learner without courses is invited to make
 * one; with a course, the list and the map show its concepts (the map loads with its tab, arrow
 * keys move between its concepts and Enter opens one), a concept's moment opens the course at
 * that second, the course page's concept chips open the concept here, answering a practice
 * question adds a piece of evidence to the concept, and a signed-out visit to one concept comes
 * back to that concept after sign-in. In a course from a playlist a moment names its video and
 * the time in it ("Video 2 · 1:10"). No serious axe violation on the way.
 */
import type { APIRequestContext } from "@playwright/test";

import { CoursePage } from "./pages/course-page";
import { MasteryPage } from "./pages/mastery-page";
import { expect, expectAccessible, generateCourse, guess, OFFLINE_BASE_URL, registerViaApi, sectionQuiz, submitAttempt, test, VIEWPORTS } from "./fixtures";

type Mastery = {
  concepts: {
    id: number;
    label: string;
    evidenceCount: number;
    courses: { courseId: number; title: string; moments: { sectionId: number; timeSeconds: number }[] }[];
  }[];
  timelines: { courseId: number; videos: { videoId: string; offsetSeconds: number; durationSeconds: number }[] }[];
};
type CourseConcepts = { concepts: { id: number; label: string; moments: { sectionId: number; timeSeconds: number }[] }[] };

async function readJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** The course's concepts: found just after the course is saved, so they may come a moment after the generation answers. */
async function courseConcepts(request: APIRequestContext, courseId: number, origin = "") {
  const path = `${origin}/api/courses/${courseId}/concepts`;
  await expect.poll(async () => (await readJson<CourseConcepts>(request, path)).concepts.length, { timeout: 20_000 }).toBeGreaterThan(0);
  return (await readJson<CourseConcepts>(request, path)).concepts;
}

/** The offline instance's library playlist (test/fixtures/videos/playlists): three lessons with transcripts, one video without. */
const PLAYLIST_URL = "https://www.youtube.com/playlist?list=PLfixtureLessons01";

/** "m:ss", as the app writes a moment under an hour. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Takes a section's quiz once (the first option of each choice question, a short sentence for an open one): evidence on its concepts. */
async function takeQuiz(request: APIRequestContext, sectionId: number) {
  await submitAttempt(request, await sectionQuiz(request, sectionId), guess());
}

const evidenceOf = async (text: Promise<string>) => Number(/(\d+) pieces? of evidence/.exec(await text)![1]);

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("without courses: a sentence and a link to create one", async ({ page }) => {
      await registerViaApi(page.request);
      const mastery = new MasteryPage(page);
      await mastery.goto();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mastery");
      await expect(mastery.empty()).toContainText("No concepts yet");
      await expect(mastery.empty().getByRole("link", { name: "Create a Course" })).toHaveAttribute("href", "/create-course");
      await expect(mastery.headerLink()).toHaveAttribute("href", "/mastery");
      await expectAccessible(page);
    });

    test("the list and the map of a course's concepts; a moment opens the course at that second; chips open a concept; practice records evidence; sign-in comes back to the concept", async ({
      page,
      authPage,
    }) => {
      test.setTimeout(180_000);
      const user = await registerViaApi(page.request);
      const { detail, sections } = await generateCourse(page.request);
      const courseId = detail.course.id;
      const concepts = await courseConcepts(page.request, courseId);
      // Some answers, so some concepts have evidence.
      await takeQuiz(page.request, sections[0]!.id);
      const map = await readJson<Mastery>(page.request, "/api/mastery");
      expect(map.concepts.length).toBeGreaterThanOrEqual(concepts.length);

      // The list: every concept, with its mastery in words, its evidence and its course's moments.
      const mastery = new MasteryPage(page);
      await mastery.goto();
      await expect(mastery.rows().first()).toBeVisible();
      await expect(page.getByTestId("mastery-summary")).toContainText(`${map.concepts.length} concept`);
      const shown = Math.min(map.concepts.length, 50);
      await expect(mastery.rows()).toHaveCount(shown);
      const assessed = map.concepts.find((concept) => concept.evidenceCount > 0)!;
      expect(assessed, "an answered question gives its concepts evidence").toBeDefined();
      const assessedRow = mastery.row(assessed.id);
      await expect(assessedRow).toContainText(assessed.label);
      await expect(assessedRow.getByTestId("concept-evidence")).toHaveText(
        `${assessed.evidenceCount} piece${assessed.evidenceCount === 1 ? "" : "s"} of evidence`,
      );
      await expect(assessedRow.getByTestId("mastery-meter")).toContainText(/\d+% · (Weak|Learning|Strong)/);
      const unassessed = map.concepts.find((concept) => concept.evidenceCount === 0);
      if (unassessed) await expect(mastery.row(unassessed.id).getByTestId("mastery-meter")).toHaveText("Not assessed yet");
      await expect(mastery.weakest()).toBeVisible();
      await expect(assessedRow.getByRole("link", { name: new RegExp(`^Watch in ${escapeRegExp(detail.course.title)} at `) }).first()).toBeVisible();
      // A course from one video: its moments read as plain times, no video named.
      await expect(assessedRow.getByTestId("concept-moment").first()).toHaveText(/^\d+:\d\d$/);
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The map: loaded with its tab, one node per concept, a legend; arrow keys move, Enter opens.
      await mastery.tab("Map").click();
      await expect(mastery.map()).toBeVisible();
      await expect(mastery.mapNodes()).toHaveCount(map.concepts.length);
      await expect(page.getByTestId("map-legend")).toContainText("Not assessed yet");
      const tabbable = mastery.map().locator('[data-concept-node][tabindex="0"]');
      await expect(tabbable).toHaveCount(1);
      await tabbable.focus();
      const first = await tabbable.getAttribute("data-concept-node");
      if (map.concepts.length > 1) {
        for (const key of ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]) {
          await page.keyboard.press(key);
          if ((await page.evaluate(() => document.activeElement?.getAttribute("data-concept-node"))) !== first) break;
        }
        // Focus moves to another node (not off the map).
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-concept-node") ?? null)).toMatch(/^\d+$/);
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-concept-node"))).not.toBe(first);
      }
      const focused = Number(await page.evaluate(() => document.activeElement?.getAttribute("data-concept-node")));
      await page.keyboard.press("Enter");
      await expect(mastery.details()).toHaveAttribute("data-concept-id", String(focused));
      await expect(page).toHaveURL(new RegExp(`/mastery\\?concept=${focused}$`));
      await expectAccessible(page);

      // A concept's moment opens the course at that second.
      await mastery.tab("List").click();
      const moment = mastery.row(assessed.id).getByTestId("concept-moment").first();
      const href = (await moment.getAttribute("href"))!;
      const seconds = Number(new URL(href, "http://x").searchParams.get("t"));
      expect(href).toBe(`/course/${courseId}?t=${seconds}`);
      expect(assessed.courses.find((course) => course.courseId === courseId)!.moments.map((m) => m.timeSeconds)).toContain(seconds);
      await moment.click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}\\?t=${seconds}$`));
      const coursePage = new CoursePage(page);
      await coursePage.expectPlayerAt(seconds);

      // The section playing shows its concepts as chips; one opens the concept on /mastery.
      const chips = page.getByTestId("concept-chip");
      await expect(chips.first()).toBeVisible();
      const chip = chips.first();
      const label = (await chip.innerText()).trim();
      const chipConcept = concepts.find((concept) => concept.label === label)!;
      const playing = [...sections].reverse().find((section) => section.timeStart <= seconds) ?? sections[0]!;
      expect(chipConcept.moments.map((m) => m.sectionId)).toContain(playing.id);
      await chip.click();
      await expect(page).toHaveURL(new RegExp(`/mastery\\?concept=${chipConcept.id}$`));
      await expect(mastery.details()).toHaveAttribute("data-concept-id", String(chipConcept.id));
      await expect(mastery.details().getByRole("heading", { level: 2 })).toHaveText(chipConcept.label);

      // Practice on the assessed concept: answering a question adds a piece of evidence.
      await mastery.goto(assessed.id);
      const before = await evidenceOf(mastery.row(assessed.id).getByTestId("concept-evidence").innerText());
      await mastery.details().getByRole("button", { name: "Practice" }).click();
      const dialog = mastery.practiceDialog();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId("practice-progress")).toBeVisible({ timeout: 30_000 });
      // The course's quiz holds questions on the concept, so the session starts with one.
      const question = dialog.getByTestId("practice-question");
      await expect(question).toBeVisible();
      // A choice question takes an option, an open one a sentence.
      if ((await question.getByRole("radio").count()) > 0) await question.getByRole("radio").first().check();
      else await question.getByLabel("Your answer, in your own words").fill("It halves the part of the list left to search at every step.");
      await question.getByRole("button", { name: "Check answer" }).click();
      const verdict = dialog.getByTestId("practice-verdict");
      await expect(verdict).toContainText(/Right\.|Not quite\./);
      if ((await verdict.getAttribute("data-correct")) === "false") await expect(verdict).toContainText(/The answer:|A good answer:/);
      await expect(dialog.getByRole("button", { name: /^(Next|See how you did)$/ })).toBeFocused();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => evidenceOf(mastery.row(assessed.id).getByTestId("concept-evidence").innerText())).toBeGreaterThan(before);
      const stored = (await readJson<Mastery>(page.request, "/api/mastery")).concepts.find((concept) => concept.id === assessed.id)!;
      expect(stored.evidenceCount).toBeGreaterThan(before);

      // Signed out, the address of one concept leads to sign-in, and back to that concept after it (its ?concept= kept).
      await page.context().clearCookies();
      await page.goto(MasteryPage.path(assessed.id));
      await expect(page).toHaveURL(/\/auth$/);
      await authPage.login(user.username, user.password);
      await expect(page).toHaveURL(new RegExp(`/mastery\\?concept=${assessed.id}$`));
      await expect(mastery.details()).toHaveAttribute("data-concept-id", String(assessed.id));
      await expect(mastery.details().getByRole("heading", { level: 2 })).toHaveText(assessed.label);
    });

    test("a playlist course's moments name their video and the time in it, as the course page does", async ({ page }) => {
      test.setTimeout(180_000);
      // The offline instance: its library holds a playlist, made into one course on one timeline.
      await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
      const { detail } = await generateCourse(page.request, OFFLINE_BASE_URL, PLAYLIST_URL);
      const courseId = detail.course.id;
      const videos = detail.course.videos;
      expect(videos.length).toBeGreaterThan(1);
      await courseConcepts(page.request, courseId, OFFLINE_BASE_URL);
      const map = await readJson<Mastery>(page.request, `${OFFLINE_BASE_URL}/api/mastery`);
      expect(map.timelines.find((timeline) => timeline.courseId === courseId)).toEqual({
        courseId,
        videos: videos.map(({ videoId, offsetSeconds, durationSeconds }) => ({ videoId, offsetSeconds, durationSeconds })),
      });

      // A concept explained in a video after the first: its moment reads "Video k · m:ss", the time in video k.
      const later = map.concepts
        .flatMap((concept) =>
          concept.courses.filter((course) => course.courseId === courseId).flatMap((course) => course.moments.map((moment) => ({ concept, course, moment }))),
        )
        .find(({ moment }) => moment.timeSeconds >= videos[1]!.offsetSeconds);
      expect(later, "the playlist's later videos explain concepts too").toBeDefined();
      const { concept, course, moment } = later!;
      expect(course.title).toBe(detail.course.title);
      const index = videos.reduce((at, video, k) => (video.offsetSeconds <= moment.timeSeconds ? k : at), 0);
      const label = `Video ${index + 1} · ${clock(moment.timeSeconds - videos[index]!.offsetSeconds)}`;

      const mastery = new MasteryPage(page, OFFLINE_BASE_URL);
      await mastery.goto(concept.id);
      await expect(mastery.details()).toHaveAttribute("data-concept-id", String(concept.id));
      const link = mastery.details().getByRole("link", { name: `Watch in ${detail.course.title} at ${label}`, exact: true });
      await expect(link).toHaveText(label);
      await expect(link).toHaveAttribute("href", `/course/${courseId}?t=${Math.floor(moment.timeSeconds)}`);
      // Every moment of the course names its video.
      for (const text of await mastery.detailMoments(courseId).allInnerTexts()) expect(text).toMatch(/^Video \d+ · \d+:\d\d$/);
      await expectAccessible(page);
    });
  });
}

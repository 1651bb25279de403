/**
 * An owner corrects a course in place, in Chromium on a desktop and a phone (issue 34): edit mode
 * (the owner's only), a split at the player's moment, a rename, a moved boundary, a deleted quiz
 * question, a regeneration with an instruction (its progress, then new content); a second learner viewing the public course sees the edits; an edit from a second tab
 * makes the first say "changed elsewhere, reload"; the history compares a version with the course
 * now and restores the generated outline. No serious axe violation on the way.
 */
import type { Browser } from "@playwright/test";

import { CoursePage } from "./pages/course-page";
import { expect, expectAccessible, generateCourse, registerViaApi, sectionQuiz, test, VIEWPORTS } from "./fixtures";

async function secondLearner(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await registerViaApi(page.request);
  return { context, page };
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("the owner splits at the player's moment, renames, moves a boundary, deletes a question, regenerates, restores the generated course, merges and renames the course; a viewer sees the edits", async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      await registerViaApi(page.request);
      const { detail, sections } = await generateCourse(page.request);
      const courseId = detail.course.id;
      const [first, second] = sections;
      expect(second!.timeStart - first!.timeStart).toBeGreaterThanOrEqual(40);
      const quiz = await sectionQuiz(page.request, first!.id);
      const player = new CoursePage(page);
      await player.goto(courseId);
      /** Puts a section on screen from the outline (on a phone, behind "Course contents"). */
      const show = async (title: string) => {
        const contents = page.getByRole("button", { name: /^Course contents/ });
        if ((await contents.isVisible()) && (await contents.getAttribute("aria-expanded")) !== "true") await contents.click();
        await player.section(title).click();
      };
      await page.getByTestId("course-sharing").getByRole("button", { name: "Private" }).click();
      await expect(page.getByTestId("course-sharing").getByRole("button", { name: "Public" })).toBeVisible();

      // Edit mode is the owner's: the editor opens on the section on screen.
      await page.getByRole("button", { name: "Edit course" }).click();
      const editor = page.getByTestId("course-editor");
      await expect(editor).toBeVisible();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 1");
      await expect(editor.getByLabel("Section title")).toHaveValue(first!.title);
      await expectAccessible(page);

      // Split at the player's moment.
      const at = first!.timeStart + 20;
      await player.pausePlayer();
      await player.seekPlayer(at);
      await expect.poll(() => player.playerSeconds()).toBe(at);
      await editor.getByRole("button", { name: "Split here" }).click();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 2");
      await expect(editor.getByTestId("section-span")).toHaveText(`This section runs from ${clock(first!.timeStart)} to ${clock(at)}.`);
      await expect(page.getByTestId("course-section").filter({ hasText: `${first!.title} (continued)` })).toHaveCount(1);

      // Rename it and rewrite its content, with a preview first.
      await editor.getByLabel("Section title").fill("The opening");
      await editor.getByLabel("Section content").fill("**Start here.** Then watch [0:05].");
      await editor.getByRole("tab", { name: "Preview" }).click();
      await expect(editor.getByTestId("content-preview")).toContainText("Start here.");
      await editor.getByRole("button", { name: "Save section" }).click();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 3");
      await expect(player.sectionTitle()).toHaveText("The opening");
      // Learners see the Markdown rendered, the [m:ss] a button that plays the moment.
      await expect(page.getByTestId("section-content").locator("strong")).toHaveText("Start here.");
      await expect(page.getByTestId("section-content").getByRole("button", { name: "Watch at 0:05" })).toBeVisible();

      // Move the boundary: the second half starts 5 s later, typed as m:ss.
      await show(`${first!.title} (continued)`);
      await expect(editor.getByLabel("Section title")).toHaveValue(`${first!.title} (continued)`);
      await editor.getByLabel("Starts at (m:ss)").fill(clock(at + 5));
      await editor.getByRole("button", { name: "Move start" }).click();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 4");
      await expect(editor.getByTestId("section-span")).toContainText(`from ${clock(at + 5)} to`);

      // Delete a quiz question of the opening.
      await show("The opening");
      // Counted once the editor shows the opening, not the section shown before it.
      await expect(editor.getByLabel("Section title")).toHaveValue("The opening");
      const questions = editor.getByTestId("quiz-questions-editor").getByRole("listitem");
      // The list may first show what the browser cached before the split and the moved boundary;
      // it is counted once it shows what the server holds for the opening now.
      const opening = await page.request.get(`/api/sections/${first!.id}/quiz`);
      expect(opening.status(), await opening.text()).toBe(200);
      const before = ((await opening.json()) as { questions: unknown[] }).questions.length;
      expect(before).toBeGreaterThan(0);
      await expect(questions).toHaveCount(before);
      await questions
        .first()
        .getByRole("button", { name: /^Delete the question/ })
        .click();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 5");
      await expect(questions).toHaveCount(before - 1);
      expect(before).toBeLessThanOrEqual(quiz.questions.length);

      // Regenerate the opening, asking for it simpler: a job with its progress, then new content and a new quiz.
      await editor.getByLabel("Regenerate with an instruction (optional)").fill("simpler");
      await editor.getByRole("button", { name: "Regenerate section" }).click();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 6", { timeout: 60_000 });
      await expect(page.getByTestId("section-content")).not.toContainText("Start here.");
      await expect(questions.first()).toBeVisible();

      // A learner viewing the public course sees the edits.
      const viewer = await secondLearner(browser, baseURL, viewport);
      const viewerPage = new CoursePage(viewer.page);
      await viewerPage.goto(courseId);
      await expect(viewerPage.sectionTitle()).toHaveText("The opening");
      await expect(viewer.page.getByRole("button", { name: "Edit course" })).toHaveCount(0);

      // An edit from a second tab: this one says so and reloads.
      const otherTab = await page.context().newPage();
      const response = await otherTab.request.patch(`/api/courses/${courseId}`, { data: { title: "Edited elsewhere", version: 6 } });
      expect(response.status(), await response.text()).toBe(200);
      await editor.getByLabel("Section title").fill("Too late");
      await editor.getByRole("button", { name: "Save section" }).click();
      await expect(editor.getByRole("alert")).toContainText("This course was changed elsewhere");
      await editor.getByRole("button", { name: "Reload" }).click();
      await expect(editor.getByRole("alert")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edited elsewhere");
      await expect(editor.getByTestId("course-version")).toHaveText("Version 7");
      await otherTab.close();

      // The history: compare the generated course with now, then restore it.
      await editor.getByRole("button", { name: "History" }).click();
      const history = page.getByTestId("version-history");
      await expect(history.getByTestId("version-row")).toHaveCount(7);
      const generated = history.getByTestId("version-row").last();
      await expect(generated).toContainText("The course as it was generated");
      await generated.getByRole("button", { name: "Compare with current" }).click();
      await expect(generated.getByTestId("version-comparison")).toContainText(`Section “${first!.title} (continued)” added`);
      await expectAccessible(page);
      await generated.getByRole("button", { name: "Restore version 1" }).click();
      await expect(history).toBeHidden();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 8");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(detail.course.title);
      await expect(page.getByTestId("course-section").filter({ hasText: "(continued)" })).toHaveCount(0);
      await expect(page.getByTestId("course-section")).toHaveCount(sections.length);

      // From the editor: merge a section with the next of its chapter, move its start to the player's moment, rename the course and the chapter.
      const k = sections.findIndex((section, i) => sections[i + 1]?.chapterTitle === section.chapterTitle);
      expect(k).toBeGreaterThanOrEqual(0);
      const merged = sections[k]!;
      await show(merged.title);
      await expect(editor.getByLabel("Section title")).toHaveValue(merged.title);
      await editor.getByRole("button", { name: "Merge with next section" }).click();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 9");
      await expect(page.getByTestId("course-section")).toHaveCount(sections.length - 1);
      await expect(editor.getByTestId("section-span")).toContainText(`from ${clock(merged.timeStart)} to`);
      const pause = player.player().getByRole("button", { name: "Pause" });
      if (await pause.isVisible()) await pause.click();
      await player.seekPlayer(merged.timeStart + 5);
      await expect.poll(() => player.playerSeconds()).toBe(merged.timeStart + 5);
      await editor.getByRole("button", { name: "Start here" }).click();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 10");
      await expect(editor.getByTestId("section-span")).toContainText(`from ${clock(merged.timeStart + 5)} to`);
      await editor.getByLabel("Course title").fill("Binary search, corrected");
      await editor.getByRole("button", { name: "Save course" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Binary search, corrected");
      await editor.getByRole("textbox", { name: "Chapter title" }).fill("Where it starts");
      await editor.getByRole("button", { name: "Save chapter title" }).click();
      await expect(editor.getByTestId("course-version")).toHaveText("Version 12");
      await expect(editor.getByRole("textbox", { name: "Chapter title" })).toHaveValue("Where it starts");

      // The viewer, reloading, sees the course as it is now: restored, then merged and renamed.
      await viewer.page.reload();
      await expect(viewer.page.getByRole("heading", { level: 1 })).toHaveText("Binary search, corrected");
      await expect(viewer.page.getByTestId("course-section").filter({ hasText: "The opening" })).toHaveCount(0);
      await expect(viewer.page.getByTestId("course-section")).toHaveCount(sections.length - 1);
      await viewer.context.close();

      await page.getByRole("button", { name: "Done editing" }).click();
      await expect(editor).toHaveCount(0);
    });
  });
}

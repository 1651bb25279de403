/**
 * CourseCraft inside an LMS (issue 46), on a desktop and a phone, against the fake LMS
 * (test/fakes/lms-server.ts, registered with the main instance by playwright.config.ts): a
 * teacher's "add content" launches the deep-linking picker inside the LMS's frame; they pick
 * their course with a due date, and the answer's form posts a JWT signed with the tool's key back
 * to the LMS, which verifies it against /api/lti/jwks. A learner's launch of that link lands in
 * the course, in the frame. Before their launch the learner's browser may not frame CourseCraft
 * at all; after it, the LMS's origin may.
 */
import type { Frame, Page } from "@playwright/test";

import { expect, expectAccessible, expectHydrated, generateCourse, test, VIEWPORTS } from "./fixtures";

const FAKE_LMS = "http://localhost:3111";
const TOOL_FRAME = 'iframe[title="CourseCraft"]';

/** The frame whose URL matches, once it has one. */
async function frameAt(page: Page, url: RegExp): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => url.test(frame.url())), { timeout: 20_000 }).toBe(true);
  return page.frames().find((frame) => url.test(frame.url()))!;
}

/** The browser's own day `days` from today, as a date input takes it (yyyy-mm-dd). */
const dayFromToday = (page: Page, days: number) =>
  page.evaluate((ahead) => {
    const date = new Date();
    date.setDate(date.getDate() + ahead);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  }, days);

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("a teacher links a course from the LMS through the picker in its frame; a learner's launch of the link lands in it", async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const suffix = `${name}-${Date.now().toString(36)}`;
      const context = `ctx-${suffix}`;

      // The teacher's "add content": the picker, framed by the LMS. A new LMS account has no course yet.
      await page.goto(`${FAKE_LMS}/course/${context}?user=teacher-${suffix}&role=instructor&add=1`);
      const tool = page.frameLocator(TOOL_FRAME);
      await expect(tool.getByRole("heading", { level: 1 })).toHaveText(`Add a course to LMS course ${context}`);
      await expect(tool.getByText("You have no finished courses yet.")).toBeVisible();
      // A course of theirs, made in the session the launch signed in (the frame's cookies are this browser's).
      const { detail } = await generateCourse(page.request);
      const title = detail.course.title;

      const search = tool.getByLabel("Find a course");
      await expectHydrated(search);
      await search.fill(title);
      const choice = tool.getByTestId("picker-own").getByRole("radio", { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
      await expect(choice).toBeVisible();
      const picker = await frameAt(page, /\/lti\/deep-link\//);
      // Nothing of the picker sticks out sideways, even in a phone's frame.
      expect(await picker.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await expectAccessible(page);

      await tool.getByRole("button", { name: "Add this course" }).click();
      await expect(tool.getByRole("alert").filter({ hasText: "Choose a course to add." })).toBeVisible();
      await choice.check();
      await expect(tool.getByTestId("picker-selection")).toHaveText(`Selected: ${title}`);
      await tool.getByLabel("Due date (optional)").fill(await dayFromToday(page, 7));
      await tool.getByRole("button", { name: "Add this course" }).click();

      // The answer's form went to the LMS, which verified the tool's signature and kept the link.
      await expect(tool.getByTestId("lms-linked")).toContainText(`Linked “${title}”, due `);
      await expect(tool.getByTestId("lms-linked")).toContainText("out of 100");
      const link = (await (await page.request.get(`${FAKE_LMS}/links/${context}`)).json()) as { custom: Record<string, string> };
      expect(link.custom).toEqual({ coursecraft_course_id: String(detail.course.id) });

      // A learner of the LMS course: CourseCraft refuses their LMS's frame until a launch signs them in from it.
      const learnerContext = await browser.newContext({ baseURL, viewport });
      try {
        const learner = await learnerContext.newPage();
        await learner.goto(`${FAKE_LMS}/frame?src=/how-it-works`);
        await expect.poll(() => learner.frames().map((frame) => frame.url()), { timeout: 10_000 }).toContain("chrome-error://chromewebdata/");

        await learner.goto(`${FAKE_LMS}/course/${context}?user=learner-${suffix}&role=learner`);
        await frameAt(learner, new RegExp(`/course/${detail.course.id}$`));
        await expect(learner.frameLocator(TOOL_FRAME).getByRole("heading", { level: 1 })).toHaveText(title);

        await learner.goto(`${FAKE_LMS}/frame?src=/how-it-works`);
        await expect(learner.frameLocator(TOOL_FRAME).getByRole("heading", { level: 1 })).toBeVisible();
      } finally {
        await learnerContext.close();
      }
    });
  });
}

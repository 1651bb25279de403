/**
 * Screenshots of every page (see playwright.screenshots.config.ts): one learner with a generated
 * course, a chat answer, a joined challenge and a badge, so the pages show real content.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { pageFor, SIGNED_IN_PAGES, SIGNED_OUT_PAGES } from "../constants";
import { expect, generateCourse, registerViaApi, test, VIEWPORTS } from "../fixtures";

const OUT = join(import.meta.dirname, "..", "..", "screenshots");

const THEMES = ["light", "dark"] as const;

test("every page, desktop and mobile, light and dark", async ({ browser, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  const setup = await browser.newContext({ baseURL });
  const page = await setup.newPage();
  await registerViaApi(page.request);
  const { detail } = await generateCourse(page.request);
  const course = detail.course.id;
  await page.request.post(`/api/courses/${course}/chat`, { data: { content: "What is this course about?" } });
  const shared = await page.request.post("/api/trpc/gamification.shareAchievements", { data: { json: null } });
  const card = `/achievements/${((await shared.json()) as { result: { data: { json: { cardId: string } } } }).result.data.json.cardId}`;
  const state = await setup.storageState();
  await setup.close();

  const learner = { course, card };
  /** The file name of a page: "course-id" for /course/{course}, "home" for /. */
  const nameOf = (page: string) =>
    page === "/" ? "home" : page.slice(1).replace("achievements/{card}", "achievements-card").replace("{course}", "id").replaceAll("/", "-");

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of THEMES) {
      for (const [who, paths] of [
        ["signed-in", SIGNED_IN_PAGES],
        ["signed-out", SIGNED_OUT_PAGES],
      ] as const) {
        const context = await browser.newContext({ baseURL, viewport, storageState: who === "signed-in" ? state : undefined });
        await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
        const shot = await context.newPage();
        for (const path of paths) {
          await shot.goto(pageFor(path, learner));
          await shot.waitForLoadState("networkidle");
          await expect(shot.locator("body")).toBeVisible();
          await shot.screenshot({ path: join(OUT, `${who}_${nameOf(path)}_${viewportName}_${theme}.png`), fullPage: true });
        }
        if (viewport.width < 768) {
          // The sidebar as the phone shows it: a drawer over the home page.
          await shot.goto("/");
          await shot.waitForLoadState("networkidle");
          await shot.getByTestId("sidebar-toggle").click();
          const drawer = shot.getByRole("dialog", { name: "Sidebar" });
          await expect(drawer).toBeVisible();
          // Once it has slid in (a cancelled animation counts as done).
          await drawer.evaluate((element) =>
            Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))),
          );
          await shot.screenshot({ path: join(OUT, `${who}_sidebar-drawer_${viewportName}_${theme}.png`) });
        }
        await context.close();
      }
    }
  }
});

test("screens in use: a citation played beside the chat, the transcript, the export menus", async ({ browser, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    const phone = viewport.width < 768;
    const context = await browser.newContext({ baseURL, viewport, colorScheme: "light" });
    const page = await context.newPage();
    await registerViaApi(page.request);
    const { detail } = await generateCourse(page.request);
    const course = detail.course.id;
    const shoot = (name: string) => page.screenshot({ path: join(OUT, `in-use_${name}_${viewportName}.png`) });

    await page.goto(`/course/${course}/chat`);
    await page.getByRole("textbox", { name: "Your message" }).fill("What is binary search used for?");
    await page.getByRole("textbox", { name: "Your message" }).press("Enter");
    await page
      .getByRole("link", { name: /^Watch at / })
      .first()
      .click();
    await expect(page.getByTestId("cited-moment-player")).toBeVisible();
    await shoot("chat-cited-moment");

    await page.goto(`/course/${course}`);
    await expect(page.getByTestId("stub-player")).toBeVisible();
    if (phone) await page.getByRole("button", { name: "Transcript", exact: true }).click();
    else await page.getByRole("tab", { name: "Transcript" }).click();
    await expect(page.getByTestId("transcript-line").first()).toBeVisible();
    await shoot("course-transcript");
    if (phone) await page.keyboard.press("Escape");

    await page.getByTestId("course-exports").getByRole("button", { name: "Export" }).click();
    await expect(page.getByTestId("course-exports").getByRole("menu")).toBeVisible();
    await shoot("course-export-menu");

    await page.goto("/review");
    await page.getByTestId("card-exports").getByRole("button", { name: "Export cards" }).click();
    await expect(page.getByTestId("card-exports").getByRole("menu")).toBeVisible();
    await shoot("review-export-menu");
    await context.close();
  }
});

/**
 * The installable app and offline study in Chromium, on a desktop and a phone (axe on every
 * state): Chromium reports the app installable (manifest, icons, a service worker controlling the
 * page); a course saved with "Available offline" opens with the context offline and 3 of its cards
 * are reviewed there; a course not saved shows the offline page; back online the 3 reviews are
 * synced and the server holds exactly those (read through the API).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { chromium } from "@playwright/test";

import { expect, expectAccessible, expectHydrated, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

type Queue = { cards: { id: number; courseId: number }[]; dueCount: number; nextDueAt: string | null };

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    // The other specs block service workers (playwright.config.ts); this one is about them.
    test.use({ viewport, serviceWorkers: "allow" });

    test("Chromium reports the app installable: manifest with its icons, a service worker controlling the page", async ({ browserName: _ }, testInfo) => {
      // Installability is never reported in an incognito context, which every test context is: a profile of its own.
      const profile = await mkdtemp(path.join(tmpdir(), "coursecraft-install-"));
      const { launchOptions, baseURL } = testInfo.project.use;
      const context = await chromium.launchPersistentContext(profile, { ...launchOptions, viewport, baseURL, serviceWorkers: "allow" });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto("/");
        await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
        const cdp = await context.newCDPSession(page);
        await expect
          .poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((error) => error.errorId), { timeout: 20_000 })
          .toEqual([]);
        await expectAccessible(page);
      } finally {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      }
    });

    test("a saved course and 3 of its cards work offline; back online the server holds exactly those 3 reviews", async ({ page, context }) => {
      test.setTimeout(120_000);
      await registerViaApi(page.request);
      const { detail } = await generateCourse(page.request);
      const courseId = detail.course.id;
      const fronts: string[] = [];
      for (let i = 1; i <= 3; i++) {
        const front = `Offline card ${i} of ${name}`;
        const made = await page.request.post(`/api/courses/${courseId}/cards`, { data: { source: "transcript", front, back: `Answer ${i}` } });
        expect(made.status(), await made.text()).toBe(200);
        fronts.push(front);
      }

      await page.goto(`/course/${courseId}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(detail.course.title);
      // Registered after load; it takes the page once its shell is cached.
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
      const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as { display: string; icons: { sizes: string; purpose: string }[] };
      expect(manifest.display).toBe("standalone");
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);

      const toggle = page.getByTestId("offline-toggle");
      await expectHydrated(toggle);
      await toggle.click();
      await expect(page.getByText("The course and its due cards are saved on this device.")).toBeVisible();
      await expect(toggle).toBeChecked();
      await expectAccessible(page);

      await context.setOffline(true);
      await page.goto(`/course/${courseId}`);
      await expect(page.getByTestId("offline-course").getByRole("heading", { level: 1 })).toHaveText(detail.course.title);
      await expect(page.getByTestId("offline-video-notice")).toContainText("The video and the quizzes need a connection");
      await expect(page.getByTestId("offline-status")).toContainText("You're offline");
      await expectAccessible(page);

      await page.getByRole("link", { name: "Review this course's due cards" }).click();
      await expect(page).toHaveURL(/\/review$/);
      const reviewed: string[] = [];
      for (const [i, rating] of ["Good", "Hard", "Easy"].entries()) {
        await expect(page.getByTestId("offline-review-remaining")).toContainText(`${3 - i} saved card`);
        reviewed.push((await page.getByTestId("offline-card-front").innerText()).trim());
        await page.getByRole("button", { name: "Show answer" }).click();
        await expectAccessible(page);
        await page.getByRole("button", { name: rating, exact: true }).click();
      }
      expect(reviewed.sort()).toEqual([...fronts].sort());
      await expect(page.getByTestId("offline-review-empty")).toBeVisible();

      // A course that is not saved: the offline page, not the browser's error.
      await page.goto("/course/2000000000");
      await expect(page.getByTestId("offline-page")).toContainText("This course is not saved on this device");
      await expectAccessible(page);

      await context.setOffline(false);
      await expect(page.getByTestId("offline-status")).toContainText("3 reviews made offline synced", { timeout: 20_000 });
      // The server took exactly those 3: none of the cards is due now (each was rated), and a second sync sends nothing.
      const queue = (await (await page.request.get("/api/review/queue")).json()) as Queue;
      expect(queue.cards.filter((card) => card.courseId === courseId)).toEqual([]);
      expect(queue.dueCount).toBe(0);
      await page.reload();
      await expect(page.getByTestId("offline-page")).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem("coursecraft-offline-pending"))).toBeNull();
    });
  });
}

/**
 * Home and header for a returning learner and a first-time visitor, at a desktop and a phone: a
 * learner with a course is invited to continue it or create another (no "Create Your First
 * Course", no "Start learning by creating a course"); a signed-out visitor's home comes whole from
 * the server, no spinner and no API call from the browser; the header's search box is wide enough
 * to type a topic into at 360 and 390 px.
 */
import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("signed out: the home is whole in the server's HTML and the browser asks the API nothing", async ({ page }) => {
      const html = await (await page.request.get("/")).text();
      expect(html).toContain("Sign in to see your courses");
      expect(html).toContain('data-testid="sign-in-link"');
      expect(html).not.toContain("Loading your educational journey");
      expect(html, "no spinner").not.toContain("animate-spin");

      const apiCalls: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
      });
      await page.goto("/");
      await expect(page.getByRole("region", { name: "Your Recent Courses" }).getByRole("link", { name: "Sign In / Register" })).toBeVisible();
      await expect(page.getByTestId("sign-in-link")).toBeVisible();
      await expect(page.getByRole("link", { name: "Create Your First Course" })).toHaveAttribute("href", "/create-course");
      await page.waitForLoadState("networkidle");
      expect(apiCalls).toEqual([]);
      await expect(page.locator(".animate-spin")).toHaveCount(0);
      await expectAccessible(page);
    });

    test("with a course: the home and the sidebar invite to continue it or create another", async ({ page }) => {
      test.setTimeout(90_000);
      await registerViaApi(page.request);
      const { detail } = await generateCourse(page.request);
      const courseHref = `/course/${detail.course.id}`;
      await page.goto("/");

      const hero = page.getByRole("region", { name: "Transform YouTube Videos into Structured Learning Experiences" });
      await expect(hero.getByRole("link", { name: "Continue Learning" })).toHaveAttribute("href", courseHref);
      await expect(hero.getByRole("link", { name: "Create Another Course" })).toHaveAttribute("href", "/create-course");
      await expect(page.getByRole("region", { name: "Your Recent Courses" }).getByTestId("course-card")).toHaveCount(1);
      await expect(page.getByTestId("recommendations-panel")).not.toHaveAttribute("data-state", "loading");
      await expect(page.getByRole("link", { name: "Create Your First Course" })).toHaveCount(0);

      // The sidebar: a column on a desktop's home, a drawer on a phone (opened again while the page hydrates).
      if (name === "phone") {
        const drawer = page.getByRole("dialog", { name: "Sidebar" });
        await expect(async () => {
          if (!(await drawer.isVisible())) await page.getByTestId("sidebar-toggle").click();
          await expect(drawer).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 20_000 });
      }
      const activity = page.getByRole("region", { name: "Recent Activity" });
      const resume = activity.getByRole("link", { name: `Continue “${detail.course.title}”` });
      await expect(resume).toHaveAttribute("href", courseHref);
      await expect(activity).not.toContainText("Start learning by creating a course");
      await page.waitForLoadState("networkidle");
      await expectAccessible(page);
      await resume.click();
      await expect(page).toHaveURL(new RegExp(`${courseHref}$`));
    });
  });
}

for (const width of [360, 390]) {
  test(`at ${width} px the header's search box takes a topic, signed out and in`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const signedIn of [false, true]) {
      if (signedIn) await registerViaApi(page.request);
      await page.goto("/");
      if (signedIn) await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
      const search = page.getByRole("combobox", { name: "Search for a topic" });
      await expect(search).toBeVisible();
      // Most of the screen's width, and a typed topic fits without scrolling inside the box.
      expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(width * 0.8);
      await search.fill("binary search trees");
      expect(await search.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
      // The header's buttons stay on screen (those shown at this width), and nothing of the page sticks out sideways.
      for (const button of await page.getByTestId("app-header").locator("a:visible, button:visible").all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await search.press("Enter");
      await expect(page).toHaveURL(signedIn ? /\/create-course\?topic=binary\+search\+trees$/ : /\/auth$/);
    }
  });
}

test("on a desktop the header's search stays in its one row", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/");
  const search = page.getByRole("combobox", { name: "Search for a topic" });
  const header = (await page.getByTestId("app-header").boundingBox())!;
  expect(header.height).toBeLessThanOrEqual(65);
  expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(400);
});

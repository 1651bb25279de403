/**
 * The tRPC panel in production (the e2e app runs with TRPC_PANEL=1): a signed-out visitor is
 * asked to sign in; a learner finds the course router and calls course.byId for their own course,
 * as themselves, while another learner's private course stays "Course Not Found". Desktop and phone.
 */
import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

test("signed out, the panel asks the visitor to sign in", async ({ page }) => {
  const response = await page.goto("/api/panel");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { level: 1, name: "tRPC panel" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("heading", { name: "course" })).toHaveCount(0);
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`a learner calls course.byId for their course from the panel (${name})`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const learner = await registerViaApi(page.request);
    const { detail } = await generateCourse(page.request);

    // Someone else's private course: the panel grants nothing the learner could not do anyway.
    const otherContext = await browser.newContext();
    await registerViaApi(otherContext.request);
    const { detail: othersCourse } = await generateCourse(otherContext.request);
    await otherContext.close();

    await page.goto("/api/panel");
    await expect(page.getByText(`Calls run as ${learner.username}`)).toBeVisible();
    const courseRouter = page.getByRole("region", { name: "course" });
    await expect(courseRouter.getByRole("heading", { level: 2, name: "course" })).toBeVisible();
    await expectAccessible(page);

    await courseRouter.getByText("course.byId", { exact: true }).click();
    const input = page.getByLabel("Input of course.byId (JSON)");
    const result = page.getByLabel("Result of course.byId");
    await input.fill(JSON.stringify({ id: detail.course.id }));
    await page.getByRole("button", { name: "Run course.byId" }).click();
    await expect(result).toContainText(/^200/);
    await expect(result).toContainText(`"title": ${JSON.stringify(detail.course.title)}`);
    await expect(result).toContainText('"isOwner": true');

    await input.fill(JSON.stringify({ id: othersCourse.course.id }));
    await page.getByRole("button", { name: "Run course.byId" }).click();
    await expect(result).toContainText(/^404/);
    await expect(result).toContainText("Course Not Found");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

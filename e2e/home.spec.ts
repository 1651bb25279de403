/**
 * The home page in all its states, at a desktop and a phone viewport: the hero, 'Your Recent
 * Courses' signed out, loading, empty and with courses (at most four), and 'How It Works'; and
 * the /how-it-works page it leads to.
 */
import { E2E_COUPON } from "./constants";
import { expect, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("signed out: the hero, the invitation to sign in, and How It Works", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Transform YouTube Videos into Structured Learning Experiences" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Create Your First Course" })).toHaveAttribute("href", "/create-course");
      await expect(page.getByRole("link", { name: "Learn How It Works" })).toHaveAttribute("href", "/how-it-works");
      const recent = page.getByRole("region", { name: "Your Recent Courses" });
      await expect(recent.getByRole("heading", { name: "Sign in to see your courses" })).toBeVisible();
      await expect(recent).toContainText("Please login or register to start creating and accessing your courses.");
      await expect(recent.getByRole("link", { name: "Sign In / Register" })).toHaveAttribute("href", "/auth");
      await expect(page.getByTestId("recommendations-panel")).toHaveCount(0);
      const howItWorks = page.getByRole("region", { name: "How It Works" });
      await expect(howItWorks.getByRole("heading", { level: 3 })).toHaveText(["Choose Your Topic", "AI Course Generation", "Learn & Chat"]);
    });

    test("signed in: loading, then no courses yet", async ({ page }) => {
      await registerViaApi(page.request);
      // Hold the learner's course list to see the loading state.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith("/api/trpc/") && url.pathname.includes("course.mine"),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.goto("/");
      const recent = page.getByRole("region", { name: "Your Recent Courses" });
      await expect(recent.getByText("Loading your educational journey...")).toBeVisible();
      release();
      await expect(recent.getByRole("heading", { name: "No courses yet" })).toBeVisible();
      await expect(recent).toContainText(
        "Start by creating your first course from a YouTube video. Our AI will help you structure the content into a comprehensive learning experience.",
      );
      await expect(recent.getByRole("link", { name: "Create Your First Course" })).toHaveAttribute("href", "/create-course");
    });
  });
}

test("signed in with five courses: the four newest as cards with their complexity, each opening its course", async ({ page }) => {
  test.setTimeout(180_000);
  await registerViaApi(page.request);
  // Premium (the e2e coupon) lifts the one-course-a-month limit.
  const redeemed = await page.request.post("/api/coupons/redeem", { data: { code: E2E_COUPON } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  const titles: string[] = [];
  for (const topic of ["binary search", "binary search algorithm", "binary search tutorial", "learn binary search", "binary search explained"]) {
    const { detail } = await generateCourse(page.request, "", topic);
    titles.push(detail.course.title);
  }
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const cards = page.getByRole("region", { name: "Your Recent Courses" }).getByTestId("course-card");
    await expect(cards).toHaveCount(4);
    await expect(cards.first()).toContainText("Complexity: Beginner");
    await expect(cards.first().locator("img, span[aria-hidden='true']").first()).toBeVisible();
    await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText(titles.at(-1)!);
  }
  await page.getByRole("region", { name: "Your Recent Courses" }).getByTestId("course-card").first().click();
  await expect(page).toHaveURL(/\/course\/\d+$/);
});

test("How It Works: six steps and the way to create a course, reached from the header's help button", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("app-header").getByRole("link", { name: "How it works" }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page.getByRole("heading", { level: 1, name: "How It Works" })).toBeVisible();
  await expect(page.getByRole("listitem").getByRole("heading", { level: 2 })).toHaveText([
    "Choose Your Topic",
    "AI Course Generation",
    "Learn at Your Own Pace",
    "Test Your Knowledge",
    "Chat with AI",
    "Discover Related Content",
  ]);
  await page.getByRole("link", { name: "Create Your First Course" }).click();
  await expect(page).toHaveURL(/\/create-course$|\/auth$/);
});

import { type APIRequestContext } from "@playwright/test";

import { expect, expectAccessible, OFFLINE_BASE_URL, registerViaApi, resetFakeLlm, routeYouTube, setFakeLlm, test } from "./fixtures";
import { CreateCoursePage } from "./pages/create-course-page";

/**
 * Creating a course in the browser: the main instance finds videos through the fake YouTube and
 * structures them with the fake LLM; the offline instance uses the fixtures folder and the
 * built-in engine. Every test registers its own (free) learner, who may create 1 course a month.
 */
const STAGE_TEXT = /Waiting to start…|Finding the best video…|Reading the transcript…|Structuring chapters…|Writing sections…|Saving your course…/;
const MONTHLY_LIMIT_MESSAGE = "You've reached your monthly limit of 1 course. Upgrade to Premium for unlimited courses.";
/** The id of test/fixtures/videos/binary-search-lesson.json, the video the fake YouTube serves with captions. */
const BINARY_SEARCH_VIDEO = "binSearch01";

async function courseDetail(request: APIRequestContext, id: number, origin = "") {
  const response = await request.get(`${origin}/api/courses/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    course: { id: number; title: string; complexity: string; videoId: string | null; engine: string | null };
    chapters: { sections: unknown[] }[];
  };
}

async function courseLimit(request: APIRequestContext, origin = "") {
  const response = await request.get(`${origin}/api/subscription/course-limit`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { canCreateCourse: boolean; coursesCreatedThisMonth: number };
}

test.describe("create a course", () => {
  test.afterEach(async ({ request }) => {
    await resetFakeLlm(request);
  });

  test("from a topic: the loader shows the live stage (also after a reload), then the course opens", async ({ page, createCoursePage, shell, request }) => {
    test.setTimeout(120_000);
    await registerViaApi(page.request);
    // Slow answers, so the loader is on screen long enough to be seen and reloaded.
    await setFakeLlm(request, { latencyMs: 2_500 });

    await createCoursePage.goto();
    await expect(createCoursePage.banner()).toContainText("used 0 of 1 course this month");
    await expect(createCoursePage.banner().getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/subscription");
    await expect(createCoursePage.complexity("Beginner")).toBeChecked();
    await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();

    await createCoursePage.generate({ topic: "binary search", complexity: "Intermediate", instructions: "Keep the examples short" });
    await expect(createCoursePage.loader()).toBeVisible();
    await expect(createCoursePage.loader()).toContainText("Creating your personalized learning experience...");
    await expect(createCoursePage.stage()).toHaveText(STAGE_TEXT);
    await expect(createCoursePage.progressBar()).toHaveAttribute("aria-valuenow", /^\d+$/);

    // The job lives in the URL: a reload shows the loader again and carries on.
    await page.waitForURL(/\/create-course\?job=[0-9a-f-]{36}$/);
    await page.reload();
    await expect(createCoursePage.loader()).toBeVisible();
    await expect(createCoursePage.stage()).toHaveText(STAGE_TEXT);

    const id = await createCoursePage.expectCoursePage(90_000);
    await expect(shell.toast("Course generated successfully!")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Structured and written by the AI model.");
    const detail = await courseDetail(page.request, id);
    expect(detail.course).toMatchObject({ id, complexity: "intermediate", videoId: BINARY_SEARCH_VIDEO, engine: "llm" });
    expect(detail.chapters.length).toBeGreaterThan(0);
    expect((await courseLimit(page.request)).coursesCreatedThisMonth).toBe(1);

    // Back from the course: the finished job is not replayed; the form is there again.
    await page.goBack();
    await expect(page).toHaveURL(/\/create-course$/);
    await expect(createCoursePage.topic()).toBeVisible();
    await expect(createCoursePage.loader()).toBeHidden();
    await expect(createCoursePage.banner()).toContainText("used 1 of 1 course this month");
  });

  test("on the offline instance: the built-in engine builds the course from the video library, titled by the video, not the question", async ({
    page,
    shell,
  }) => {
    test.setTimeout(90_000);
    const createCoursePage = new CreateCoursePage(page, OFFLINE_BASE_URL);
    // The course page it lands on embeds the YouTube player: keep it off the network.
    await routeYouTube(page);
    await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);

    await createCoursePage.goto();
    // Asked as a question: the course is the library's video that answers it, and named after that video.
    await createCoursePage.generate({ topic: "How does recursion work?", complexity: "Advanced" });
    const id = await createCoursePage.expectCoursePage();
    await expect(shell.toast("Course generated successfully!")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("offline engine");
    expect(new URL(page.url()).origin).toBe(OFFLINE_BASE_URL);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recursion explained with Russian dolls");
    const detail = await courseDetail(page.request, id, OFFLINE_BASE_URL);
    expect(detail.course).toMatchObject({ id, complexity: "advanced", engine: "offline", title: "Recursion explained with Russian dolls" });
    expect(detail.chapters.length).toBeGreaterThan(0);
  });

  test("from a pasted YouTube link", async ({ page, createCoursePage, shell }) => {
    test.setTimeout(90_000);
    await registerViaApi(page.request);
    await createCoursePage.goto();
    await createCoursePage.generate({ topic: `https://youtu.be/${BINARY_SEARCH_VIDEO}` });
    const id = await createCoursePage.expectCoursePage();
    await expect(shell.toast("Course generated successfully!")).toBeVisible();
    expect((await courseDetail(page.request, id)).course).toMatchObject({ videoId: BINARY_SEARCH_VIDEO, complexity: "beginner", engine: "llm" });
  });

  test("the header search fills the topic in", async ({ page, createCoursePage }) => {
    await registerViaApi(page.request);
    await createCoursePage.goto("?topic=Dynamic%20programming");
    await expect(createCoursePage.topic()).toHaveValue("Dynamic programming");

    await page.getByRole("combobox", { name: "Search for a topic" }).fill("graph algorithms");
    await page.getByRole("combobox", { name: "Search for a topic" }).press("Enter");
    await expect(createCoursePage.topic()).toHaveValue("graph algorithms");
  });
});

test.describe("refused before any work is queued", () => {
  test("a topic under 3 characters is explained at the field", async ({ page, createCoursePage }) => {
    await registerViaApi(page.request);
    await createCoursePage.goto();
    await createCoursePage.generate({ topic: "  ab  " });
    await createCoursePage.expectTopicError("Please enter at least 3 characters for your topic");
    await expect(createCoursePage.topic()).toBeFocused();
    await expect(createCoursePage.loader()).toBeHidden();
    expect(page.url()).not.toContain("job=");
    expect((await courseLimit(page.request)).coursesCreatedThisMonth).toBe(0);

    // Typing clears the message.
    await createCoursePage.topic().fill("abc");
    await expect(createCoursePage.topic()).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a YouTube link that names no video gets a clear message and queues nothing", async ({ page, createCoursePage, shell }) => {
    await registerViaApi(page.request);
    await createCoursePage.goto();
    await createCoursePage.generate({ topic: "https://youtube.com/watch?v=bad" });
    await expect(shell.toast("Failed to generate course")).toBeVisible();
    await createCoursePage.expectTopicError("That does not look like a YouTube link. Paste a youtube.com or youtu.be link, or type a topic.");
    await expect(createCoursePage.loader()).toBeHidden();
    await expect(createCoursePage.topic()).toHaveValue("https://youtube.com/watch?v=bad");
    expect(page.url()).not.toContain("job=");
    expect(await courseLimit(page.request)).toMatchObject({ canCreateCourse: true, coursesCreatedThisMonth: 0 });
  });

  test("a free learner's second course of the month goes to /subscription", async ({ page, createCoursePage, shell }) => {
    test.setTimeout(90_000);
    await registerViaApi(page.request);
    await createCoursePage.goto();
    await expect(createCoursePage.banner()).toContainText("used 0 of 1 course this month");

    // Meanwhile the month's course is made elsewhere (the page still believes one is left): the server refuses.
    const first = await page.request.post("/api/courses/generate-from-topic", { data: { topic: "binary search", complexity: "beginner" } });
    expect(first.status(), await first.text()).toBe(200);
    await createCoursePage.generate({ topic: "hash tables" });
    await expect(shell.toast("Monthly course limit reached")).toBeVisible();
    await expect(shell.toast(MONTHLY_LIMIT_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);

    // Knowing the limit is reached, the page itself refuses.
    await createCoursePage.goto();
    await expect(createCoursePage.banner()).toContainText("used 1 of 1 course this month");
    await createCoursePage.generate({ topic: "hash tables" });
    await expect(shell.toast("Monthly course limit reached")).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
    expect(await courseLimit(page.request)).toMatchObject({ canCreateCourse: false, coursesCreatedThisMonth: 1 });
  });
});

test.describe("when generation fails", () => {
  test.afterEach(async ({ request }) => {
    await resetFakeLlm(request);
  });

  test("the learner is told why, the form stays filled, and the failure used no course", async ({ page, createCoursePage, shell, request }) => {
    test.setTimeout(120_000);
    await registerViaApi(page.request);
    // Every attempt of the one structuring call (the first and its 2 retries) gets an unusable answer.
    await setFakeLlm(request, { mode: "malformed", times: 3 });

    await createCoursePage.goto();
    await createCoursePage.generate({ topic: "binary search", complexity: "Advanced", instructions: "Use Python" });
    await expect(shell.toast("Failed to generate course")).toBeVisible({ timeout: 60_000 });
    await expect(shell.toast("The AI service returned an unusable course outline. Please try again.")).toBeVisible();
    await expect(createCoursePage.loader()).toBeHidden();
    await expect(page).toHaveURL(/\/create-course$/);
    await expect(createCoursePage.topic()).toHaveValue("binary search");
    await expect(createCoursePage.complexity("Advanced")).toBeChecked();
    await expect(createCoursePage.instructions()).toHaveValue("Use Python");
    await expect(createCoursePage.banner()).toContainText("used 0 of 1 course this month");

    await createCoursePage.generateButton().click();
    const id = await createCoursePage.expectCoursePage();
    await expect(shell.toast("Course generated successfully!")).toBeVisible();
    expect((await courseDetail(page.request, id)).course).toMatchObject({ complexity: "advanced", engine: "llm" });
  });
});

test("accessibility (axe): /create-course with the form, an error and the loader", async ({ page, createCoursePage, request }) => {
  test.setTimeout(90_000);
  await registerViaApi(page.request);
  await createCoursePage.goto();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);

  await createCoursePage.generate({ topic: "ab" });
  await createCoursePage.expectTopicError("Please enter at least 3 characters for your topic");
  await expectAccessible(page);

  await setFakeLlm(request, { latencyMs: 3_000 });
  try {
    await createCoursePage.generate({ topic: "binary search" });
    await expect(createCoursePage.stage()).toHaveText(STAGE_TEXT);
    await expectAccessible(page);
  } finally {
    await resetFakeLlm(request);
  }
  await createCoursePage.expectCoursePage();
});

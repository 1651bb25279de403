import { expect, registerViaApi, test } from "../fixtures";

/**
 * REST contract of course generation, against the production server with the fake YouTube and
 * the fake LLM. Each test registers its own free learner (1 course a month).
 */
const MONTHLY_LIMIT_MESSAGE = "You've reached your monthly limit of 1 course. Upgrade to Premium for unlimited courses.";
const STACK_TRACE = /\bat .+\.(js|ts|mjs):\d+/;
const GENERATE = "/api/courses/generate-from-topic";

test("POST /api/courses/generate-from-topic", async ({ request, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const anonymous = await playwright.request.newContext({ baseURL });
  const refused = await anonymous.post(GENERATE, { data: { topic: "binary search", complexity: "beginner" } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message?: string }).message).toBe("Please sign in to continue");
  await anonymous.dispose();

  await registerViaApi(request);
  const me = (await (await request.get("/api/user")).json()) as { id: number };

  const badInputs = [
    { topic: "binary search", complexity: "expert" },
    { topic: "ab", complexity: "beginner" },
    { topic: "binary search", complexity: "beginner", speed: "fast" },
    { complexity: "beginner" },
    { topic: "https://youtube.com/watch?v=bad", complexity: "beginner" },
  ];
  for (const data of badInputs) {
    const response = await request.post(GENERATE, { data });
    expect(response.status(), JSON.stringify(data)).toBe(400);
    const body = await response.text();
    expect((JSON.parse(body) as { message?: string }).message, JSON.stringify(data)).toBeTruthy();
    expect(body).not.toMatch(STACK_TRACE);
  }
  const short = await request.post(GENERATE, { data: { topic: "  ab ", complexity: "beginner" } });
  expect(((await short.json()) as { message: string }).message).toContain("Please enter at least 3 characters for your topic");

  const someoneElse = await request.post(GENERATE, { data: { topic: "binary search", complexity: "beginner", userId: me.id + 100_000 } });
  expect(someoneElse.status()).toBe(403);

  // None of the refusals used the month's course.
  expect(((await (await request.get("/api/subscription/course-limit")).json()) as { coursesCreatedThisMonth: number }).coursesCreatedThisMonth).toBe(0);

  const created = await request.post(GENERATE, {
    data: { topic: "binary search", complexity: "intermediate", additionalInstructions: "Keep it short", userId: me.id },
  });
  expect([200, 201], await created.text()).toContain(created.status());
  const { course } = (await created.json()) as { course: { id: number; title: string; complexity: string; videoId: string | null; engine: string | null } };
  expect(course).toMatchObject({ complexity: "intermediate", videoId: "binSearch01", engine: "llm" });
  expect(course.id).toEqual(expect.any(Number));
  expect(course.title.length).toBeGreaterThan(0);
  expect((await request.get(`/api/courses/${course.id}`)).status()).toBe(200);

  const second = await request.post(GENERATE, { data: { topic: "binary search", complexity: "beginner" } });
  expect(second.status()).toBe(403);
  expect(((await second.json()) as { message: string }).message).toBe(MONTHLY_LIMIT_MESSAGE);
});

test("GET /api/subscription/course-limit", async ({ request, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const anonymous = await playwright.request.newContext({ baseURL });
  expect((await anonymous.get("/api/subscription/course-limit")).status()).toBe(401);
  await anonymous.dispose();

  await registerViaApi(request);
  const fresh = await request.get("/api/subscription/course-limit");
  expect(fresh.status()).toBe(200);
  expect(await fresh.json()).toEqual({ canCreateCourse: true, subscriptionTier: "free", coursesCreatedThisMonth: 0, monthlyLimit: 1 });

  const created = await request.post(GENERATE, { data: { topic: "binary search", complexity: "beginner" } });
  expect([200, 201], await created.text()).toContain(created.status());

  const used = await request.get("/api/subscription/course-limit");
  expect(await used.json()).toEqual({ canCreateCourse: false, subscriptionTier: "free", coursesCreatedThisMonth: 1, monthlyLimit: 1 });
});

test("POST /api/generation-jobs", async ({ request, playwright, baseURL }) => {
  test.setTimeout(120_000);
  await registerViaApi(request);
  const started = await request.post("/api/generation-jobs", { data: { topic: "binary search", complexity: "advanced" } });
  expect(started.status(), await started.text()).toBe(200);
  const job = (await started.json()) as { id: string; status: string; stage: string; progress: number; courseId: number | null; error: string | null };
  expect(job).toMatchObject({ status: "queued", stage: "queued", courseId: null, error: null });

  // GET /api/generation-jobs/{jobId}: polled until it finishes.
  let current = job;
  await expect
    .poll(
      async () => {
        current = (await (await request.get(`/api/generation-jobs/${job.id}`)).json()) as typeof job;
        return current.status;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe("succeeded");
  expect(current).toMatchObject({ id: job.id, stage: "done", progress: 100, error: null });
  expect(current.courseId).toEqual(expect.any(Number));

  // Someone else's job is not found, like a missing one.
  const other = await playwright.request.newContext({ baseURL });
  await registerViaApi(other);
  expect((await other.get(`/api/generation-jobs/${job.id}`)).status()).toBe(404);
  expect((await other.get("/api/generation-jobs/not-a-uuid")).status()).toBe(400);
  await other.dispose();
});

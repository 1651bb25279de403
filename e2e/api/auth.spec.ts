import { expect, test, uniqueUser } from "../fixtures";

/** REST contract of the documented auth paths, against the production server. */
const STACK_TRACE = /\bat .+\.(js|ts|mjs):\d+/;

test("POST /api/register", async ({ request }) => {
  const user = uniqueUser("rest");
  const response = await request.post("/api/register", { data: { username: user.username, email: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ username: user.username, email: user.email, displayName: null, photoURL: null });
  const cookie = response.headers()["set-cookie"] ?? "";
  expect(cookie).toContain("next-auth.session-token=");
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);

  const duplicate = await request.post("/api/register", { data: { username: user.username.toUpperCase(), email: `x${user.email}`, password: user.password } });
  expect(duplicate.status()).toBe(409);
  expect(((await duplicate.json()) as { message: string }).message).toBe("Username is already taken");
});

test("POST /api/login", async ({ playwright, baseURL }) => {
  const user = uniqueUser("restlogin");
  const signup = await playwright.request.newContext({ baseURL });
  await signup.post("/api/register", { data: { username: user.username, email: user.email, password: user.password } });
  await signup.dispose();

  const client = await playwright.request.newContext({ baseURL });
  const wrongPassword = await client.post("/api/login", { data: { username: user.username, password: "not the password" } });
  const unknownUser = await client.post("/api/login", { data: { username: `${user.username}zz`, password: "not the password" } });
  expect(wrongPassword.status()).toBe(401);
  expect(unknownUser.status()).toBe(401);
  expect(((await wrongPassword.json()) as { message: string }).message).toBe(((await unknownUser.json()) as { message: string }).message);

  const login = await client.post("/api/login", { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  expect(((await login.json()) as { username: string }).username).toBe(user.username);
  expect((await client.get("/api/user")).status()).toBe(200);
  await client.dispose();
});

test("GET /api/user", async ({ request }) => {
  const anonymous = await request.get("/api/user");
  expect(anonymous.status()).toBe(401);
  const body = await anonymous.text();
  expect((JSON.parse(body) as { message?: string }).message).toBe("Please sign in to continue");
  expect(body).not.toMatch(STACK_TRACE);
});

test("POST /api/logout revokes the old cookie", async ({ playwright, baseURL }) => {
  const user = uniqueUser("restlogout");
  const client = await playwright.request.newContext({ baseURL });
  const register = await client.post("/api/register", { data: { username: user.username, email: user.email, password: user.password } });
  const cookie = (register.headers()["set-cookie"] ?? "").split(";")[0]!;
  expect((await client.get("/api/user")).status()).toBe(200);

  expect((await client.post("/api/logout")).status()).toBe(200);
  const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  expect((await replay.get("/api/user")).status()).toBe(401);
  await replay.dispose();
  await client.dispose();
});

test("POST /api/auth/google", async ({ request }) => {
  // The browser's claims are never trusted: without a server-side Google session this is 401.
  const response = await request.post("/api/auth/google", { data: { uid: "attacker", email: "victim@example.com" } });
  expect(response.status()).toBe(401);
});

test("mutations refuse cross-site origins, non-JSON bodies and bodies over 1 MB", async ({ request }) => {
  const crossSite = await request.post("/api/login", { headers: { origin: "https://evil.example" }, data: { username: "a", password: "b" } });
  expect(crossSite.status()).toBe(403);
  const form = await request.post("/api/login", { headers: { "content-type": "text/plain" }, data: "username=a&password=b" });
  expect(form.status()).toBe(415);
  const huge = await request.post("/api/register", { data: { username: "x", email: "x@example.com", password: "p".repeat(1_100_000) } });
  expect(huge.status()).toBe(413);
});

test("bad input gets a clear 4xx, never a 500", async ({ request }) => {
  const cases = [
    request.post("/api/login", { headers: { "content-type": "application/json" }, data: "{not json" }),
    request.post("/api/login", { data: { username: 42, password: [] } }),
    request.post("/api/login", { data: { username: "a\u0000b", password: "x" } }),
    request.post("/api/register", { data: { username: "ok_name", email: "a@example.com", password: "long enough", admin: true } }),
    request.get("/api/courses?userId=-1"),
  ];
  for (const response of await Promise.all(cases)) {
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.status()).toBeLessThan(500);
    expect(await response.text()).not.toMatch(STACK_TRACE);
  }
});

test("GET /api/openapi.json and /api/docs describe the documented paths", async ({ request }) => {
  const document = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
  for (const path of ["/user", "/login", "/register", "/logout", "/auth/google", "/courses/user", "/progress/user"]) {
    expect(Object.keys(document.paths)).toContain(path);
  }
  const docs = await request.get("/api/docs");
  expect(docs.headers()["content-type"]).toContain("text/html");
  expect(await docs.text()).toContain("/api/login");
  // The e2e app runs with TRPC_PANEL=1: the panel is there, but only for signed-in learners.
  const panel = await request.get("/api/panel");
  expect(panel.status()).toBe(401);
  expect(await panel.text()).not.toContain("course.byId");
});

test("pages carry the security headers", async ({ request }) => {
  const headers = (await request.get("/")).headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toContain("https://www.youtube.com");
});

import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

import { AuthPage } from "./pages/auth-page";
import { CreateCoursePage } from "./pages/create-course-page";
import { Shell } from "./pages/shell";

export const FAKE_GOOGLE_CONTROL = "http://127.0.0.1:3102";
/** The fake OpenAI-compatible server's control endpoint (playwright.config.ts starts it). */
export const FAKE_OPENAI_CONTROL = "http://127.0.0.1:3105/__control";
/** The second app instance: no LLM configured, videos from test/fixtures/videos (the offline engine). */
export const OFFLINE_BASE_URL = `http://localhost:${process.env.E2E_OFFLINE_PORT ?? 3103}`;

export type FakeLlmState = { mode?: "normal" | "rate-limit" | "timeout" | "malformed" | "server-error" | "cut"; latencyMs?: number; times?: number };

/** Switches the fake LLM's behaviour for the next `times` completions (or until changed). */
export async function setFakeLlm(request: APIRequestContext, state: FakeLlmState) {
  const response = await request.post(FAKE_OPENAI_CONTROL, { data: state });
  expect(response.status(), await response.text()).toBe(200);
}

/** Back to prompt, valid answers. */
export const resetFakeLlm = (request: APIRequestContext) => setFakeLlm(request, { mode: "normal", latencyMs: 0 });

let counter = 0;
/** A username no other test uses (the e2e database lives for the whole run). */
export function uniqueUser(prefix = "learner") {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username, email: `${username}@example.com`, password: "correct horse battery" };
}

export type Credentials = ReturnType<typeof uniqueUser>;

/**
 * Registers through POST /api/register; with `page.request` the browser is then signed in.
 * `origin` picks another app instance (e.g. OFFLINE_BASE_URL); the default is the baseURL.
 */
export async function registerViaApi(request: APIRequestContext, user: Credentials = uniqueUser(), origin = "") {
  const response = await request.post(`${origin}/api/register`, { data: { username: user.username, email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return user;
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

export const test = base.extend<{ authPage: AuthPage; shell: Shell; createCoursePage: CreateCoursePage }>({
  authPage: async ({ page }, provide) => provide(new AuthPage(page)),
  createCoursePage: async ({ page }, provide) => provide(new CreateCoursePage(page)),
  shell: async ({ page }, provide) => provide(new Shell(page)),
});

export { expect };

import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

import { AuthPage } from "./pages/auth-page";
import { Shell } from "./pages/shell";

export const FAKE_GOOGLE_CONTROL = "http://127.0.0.1:3102";

let counter = 0;
/** A username no other test uses (the e2e database lives for the whole run). */
export function uniqueUser(prefix = "learner") {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username, email: `${username}@example.com`, password: "correct horse battery" };
}

export type Credentials = ReturnType<typeof uniqueUser>;

/** Registers through POST /api/register; with `page.request` the browser is then signed in. */
export async function registerViaApi(request: APIRequestContext, user: Credentials = uniqueUser()) {
  const response = await request.post("/api/register", { data: { username: user.username, email: user.email, password: user.password } });
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

export const test = base.extend<{ authPage: AuthPage; shell: Shell }>({
  authPage: async ({ page }, provide) => provide(new AuthPage(page)),
  shell: async ({ page }, provide) => provide(new Shell(page)),
});

export { expect };

import { defineConfig } from "@playwright/test";

import base from "./playwright.config";

/**
 * `npm run screenshots` (after `npm run build`): every page of the app, signed in and out, at a
 * desktop and a 390x844 phone viewport, in the light and the dark theme, written to screenshots/
 * (not committed). The same servers and fakes as the browser tests.
 */
export default defineConfig({
  ...base,
  testDir: "e2e/screenshots",
  testMatch: "**/*.shots.ts",
  timeout: 300_000,
});

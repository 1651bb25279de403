import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests in Debian's Chromium (no browser download) against the production build
 * served by `npm start` on the embedded PostgreSQL (or E2E_DATABASE_URL), with Google sign-in
 * pointed at a local fake OpenID provider. Run `npm run build` first.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
const FAKE_GOOGLE_CONTROL = "http://127.0.0.1:3102";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node test/fakes/google-oidc.mjs",
      url: `${FAKE_GOOGLE_CONTROL}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      // A fresh data directory per run, so the run starts from an empty database.
      command: `rm -rf .data/e2e && node scripts/serve.mjs start`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        DATA_DIR: ".data/e2e",
        NEXTAUTH_URL: baseURL,
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
        GOOGLE_CLIENT_ID: "e2e-client",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        GOOGLE_ISSUER: "http://127.0.0.1:3101",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  ],
});

import { defineConfig, devices } from "@playwright/test";

import { existsSync } from "node:fs";

import { E2E_COUPON, E2E_REDUCED_MOTION, FAKE_LLM_MODE_PROJECT, SCHOOL_SIGN_IN_NAME } from "./e2e/constants";

/**
 * Browser tests in Debian's Chromium (no browser download) against the production build
 * served by `npm start` on the embedded PostgreSQL (or E2E_DATABASE_URL), with Google sign-in
 * pointed at a local fake OpenID provider (and school sign-in, on the first instance, at another
 * that insists on PKCE), YouTube at a local fake of its APIs and the LLM at a
 * local fake OpenAI-compatible server, and Stripe at a local fake of its API. A second instance (OFFLINE_PORT) runs with no LLM and a
 * local video library (the offline engine) and the real YouTube player, whose IFrame API tests
 * replace with a fake through request interception. Run `npm run build` first.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
const OFFLINE_PORT = Number(process.env.E2E_OFFLINE_PORT ?? 3103);
const offlineURL = `http://localhost:${OFFLINE_PORT}`;
const LANGUAGES_PORT = Number(process.env.E2E_LANGUAGES_PORT ?? 3107);
const languagesURL = `http://localhost:${LANGUAGES_PORT}`;
const FAKE_GOOGLE_CONTROL = "http://127.0.0.1:3102";
const FAKE_SCHOOL_IDP = "http://127.0.0.1:3108";
const FAKE_SCHOOL_IDP_CONTROL = "http://127.0.0.1:3109";
const FAKE_YOUTUBE = "http://127.0.0.1:3104";
const FAKE_OPENAI = "http://127.0.0.1:3105";
const FAKE_STRIPE = "http://127.0.0.1:3106";
/** The roster's fake LMS (test/fakes/lms-roster-server.ts): an LTI 1.3 platform registered with the main instance. */
const FAKE_ROSTER_LMS = "http://127.0.0.1:3110";
const FAKE_ROSTER_LMS_CLIENT_ID = "e2e-tool";
const FAKE_ROSTER_LMS_DEPLOYMENT_ID = "e2e-deployment";
/** The framing fake LMS (test/fakes/lms-server.ts): an LTI 1.3 platform, registered with the main instance before it starts. */
const FAKE_LMS_PORT = 3111;
const FAKE_LMS = `http://localhost:${FAKE_LMS_PORT}`;
const registerFakeLms = [
  "npx tsx scripts/lti-platform.ts add",
  `--issuer ${FAKE_LMS} --client-id coursecraft-e2e --deployment-id e2e-deployment`,
  `--auth-url ${FAKE_LMS}/auth --token-url ${FAKE_LMS}/token --jwks-url http://127.0.0.1:${FAKE_LMS_PORT}/jwks`,
].join(" ");
const registerRosterLms = [
  "npx tsx scripts/lti-platform.ts add",
  `--issuer ${FAKE_ROSTER_LMS} --client-id ${FAKE_ROSTER_LMS_CLIENT_ID} --deployment-id ${FAKE_ROSTER_LMS_DEPLOYMENT_ID}`,
  `--auth-url ${FAKE_ROSTER_LMS}/auth --token-url ${FAKE_ROSTER_LMS}/token --jwks-url ${FAKE_ROSTER_LMS}/jwks`,
].join(" ");
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_secret";

/** What both app instances share: sign-in against the fake Google, quiet logs, the stub video player (the offline instance overrides it). */
const commonAppEnv = {
  GOOGLE_CLIENT_ID: "e2e-client",
  GOOGLE_CLIENT_SECRET: "e2e-secret",
  GOOGLE_ISSUER: "http://127.0.0.1:3101",
  LOG_LEVEL: "warn",
  NEXT_TELEMETRY_DISABLED: "1",
  // Every test registers its own learners from 127.0.0.1; the suite outgrows the defaults (100 in ten minutes, 200 an hour).
  REGISTER_LIMIT_PER_HOUR: "2000",
  REGISTER_LIMIT_PER_TEN_MINUTES: "2000",
  // The tRPC panel in production, for signed-in learners (e2e/panel.spec.ts).
  TRPC_PANEL: "1",
  // The course player's local stub instead of the YouTube IFrame player (no network in tests).
  VIDEO_PLAYER: "stub",
};

const chromium = { ...devices["Desktop Chrome"], channel: undefined };
/**
 * Debian's old headless shell (package chromium-headless-shell) when installed: the same engine
 * without the full browser's UI, a quarter less CPU over the suite than `chromium --headless`.
 */
const CHROMIUM = existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium";
/** The spec files that call setFakeLlm (e2e/fixtures.ts): the fake's mode is shared by every test. */
const FAKE_LLM_MODE_SPECS = ["**/chat.spec.ts", "**/create-course.spec.ts", "**/study-moments.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Two spec files at a time (the tests of one file run in order, in one worker): much of a
  // browser test is waiting, so two share this machine's two cores well.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    // The app's service worker (public/sw.js) answers navigations and static files before page.route
    // can see them: off except in the specs about it (e2e/offline.spec.ts).
    serviceWorkers: "block",
    reducedMotion: E2E_REDUCED_MOTION,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: chromium, testIgnore: FAKE_LLM_MODE_SPECS },
    // These switch the fake LLM's behaviour for everyone, so they run alone, after the rest.
    { name: FAKE_LLM_MODE_PROJECT, use: chromium, testMatch: FAKE_LLM_MODE_SPECS, workers: 1, dependencies: ["chromium"] },
  ],
  webServer: [
    {
      command: "node test/fakes/openid-provider.mjs",
      url: `${FAKE_GOOGLE_CONTROL}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      // The school's identity provider (OIDC_ISSUER): the same fake, strict about PKCE, nonce and state.
      command: "node test/fakes/openid-provider.mjs",
      url: `${FAKE_SCHOOL_IDP_CONTROL}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { FAKE_OIDC_PORT: "3108", FAKE_OIDC_CONTROL_PORT: "3109", FAKE_OIDC_STRICT: "1", FAKE_OIDC_LABEL: "fake school IdP" },
    },
    {
      // The YouTube Data API at /youtube/v3 and the keyless youtubei endpoints at the root, serving test/fixtures/videos.
      command: "node test/fakes/youtube.mjs",
      url: `${FAKE_YOUTUBE}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { FAKE_YOUTUBE_PORT: "3104" },
    },
    {
      // Tests switch its mode (malformed answers, errors) with POST /__control.
      command: "node test/fakes/openai.mjs",
      url: `${FAKE_OPENAI}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { FAKE_OPENAI_PORT: "3105" },
    },
    {
      // Stripe's API, Checkout and customer portal; its webhooks go to the main instance.
      command: "node test/fakes/stripe.mjs",
      url: `${FAKE_STRIPE}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { FAKE_STRIPE_PORT: "3106", FAKE_STRIPE_WEBHOOK_URL: `${baseURL}/api/webhooks/stripe`, FAKE_STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET },
    },
    {
      // Its token endpoint reads the main instance's keys when a test first needs a token (e2e/lti-roster.spec.ts).
      command: "npx tsx test/fakes/lms-roster-server.ts",
      url: `${FAKE_ROSTER_LMS}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        FAKE_LMS_PORT: "3110",
        FAKE_LMS_TOOL_URL: baseURL,
        FAKE_LMS_CLIENT_ID: FAKE_ROSTER_LMS_CLIENT_ID,
        FAKE_LMS_DEPLOYMENT_ID: FAKE_ROSTER_LMS_DEPLOYMENT_ID,
      },
    },
    {
      // The LMS's pages; it launches the main instance in a frame (e2e/lti.spec.ts).
      command: "npx tsx test/fakes/lms-server.ts",
      url: `http://127.0.0.1:${FAKE_LMS_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { FAKE_LMS_PORT: String(FAKE_LMS_PORT), FAKE_LMS_TOOL_URL: baseURL },
    },
    {
      // A fresh data directory per run, so the run starts from an empty database, with one coupon
      // (on a database server kept between runs the coupon is there already) and the fake LMS registered.
      command: `rm -rf .data/e2e && npx tsx scripts/coupon-create.ts --code ${E2E_COUPON} --months 1 --max 100000 --if-missing && ${registerRosterLms} && ${registerFakeLms} && node scripts/serve.mjs start`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...commonAppEnv,
        PORT: String(PORT),
        DATA_DIR: ".data/e2e",
        NEXTAUTH_URL: baseURL,
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
        YOUTUBE_API_KEY: "test-youtube-key",
        YOUTUBE_API_BASE_URL: `${FAKE_YOUTUBE}/youtube/v3`,
        YOUTUBEI_BASE_URL: FAKE_YOUTUBE,
        VIDEO_SOURCES: "youtube",
        OPENAI_API_KEY: "e2e-key",
        OPENAI_BASE_URL: `${FAKE_OPENAI}/v1`,
        AI_MODEL: "fake-model",
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_PRICE_ID: "price_e2e_premium",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: FAKE_STRIPE,
        OIDC_ISSUER: FAKE_SCHOOL_IDP,
        OIDC_CLIENT_ID: "e2e-school-client",
        OIDC_CLIENT_SECRET: "e2e-school-secret",
        OIDC_NAME: SCHOOL_SIGN_IN_NAME,
        // The fake LMS is on http://127.0.0.1.
        LTI_ALLOW_HTTP_PLATFORMS: "1",
      },
    },
    {
      // The offline engine: no LLM configured, videos from the fixtures folder. Tests reach it by full URL.
      // `env -u`: an LLM key or YouTube key in the shell that runs the tests must not reach this server.
      command: `rm -rf .data/e2e-offline && env -u OPENAI_API_KEY -u OPENAI_BASE_URL -u AI_MODEL -u YOUTUBE_API_KEY -u STRIPE_SECRET_KEY -u STRIPE_PRICE_ID node scripts/serve.mjs start`,
      url: `${offlineURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...commonAppEnv,
        PORT: String(OFFLINE_PORT),
        DATA_DIR: ".data/e2e-offline",
        NEXTAUTH_URL: offlineURL,
        DATABASE_URL: process.env.E2E_OFFLINE_DATABASE_URL ?? "",
        VIDEO_SOURCES: "library",
        VIDEO_LIBRARY_DIR: "test/fixtures/videos",
        // The real YouTube IFrame player; tests serve it e2e/fakes/youtube-iframe-api.js (routeYouTube in e2e/fixtures.ts).
        VIDEO_PLAYER: "youtube",
      },
    },
    {
      // The offline engine on the shared corpus's videos in several languages and a five-video
      // playlist (copied at start into .data, never committed; empty without ../shared), on the stub player.
      command: `rm -rf .data/e2e-languages && node test/scripts/e2e-languages-library.mjs .data/e2e-languages/library && env -u OPENAI_API_KEY -u OPENAI_BASE_URL -u AI_MODEL -u YOUTUBE_API_KEY -u STRIPE_SECRET_KEY -u STRIPE_PRICE_ID node scripts/serve.mjs start`,
      url: `${languagesURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...commonAppEnv,
        PORT: String(LANGUAGES_PORT),
        DATA_DIR: ".data/e2e-languages",
        NEXTAUTH_URL: languagesURL,
        DATABASE_URL: process.env.E2E_LANGUAGES_DATABASE_URL ?? "",
        VIDEO_SOURCES: "library",
        VIDEO_LIBRARY_DIR: ".data/e2e-languages/library",
      },
    },
  ],
});

/**
 * The environment every test process starts from. src/env.ts validates process.env once, at
 * import, so this runs (from a setupFile) before any app module is imported.
 */
const TEST_NEXTAUTH_SECRET = "coursecraft-test-secret-0123456789abcdefghijklmnop";

export function applyTestEnv(): void {
  (process.env as Record<string, string>).NODE_ENV = "test";
  process.env.NEXTAUTH_SECRET = TEST_NEXTAUTH_SECRET;
  // An https NEXTAUTH_URL renames the cookie (__Secure-) and adds an allowed origin: tests that
  // want that set it themselves and re-import the module.
  delete process.env.NEXTAUTH_URL;
  delete process.env.SKIP_ENV_VALIDATION;
  // Unhandled errors are asserted through responses; the JSON log lines would only be noise.
  process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";
  for (const name of [
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "OIDC_ISSUER",
    "OIDC_CLIENT_ID",
    "OIDC_CLIENT_SECRET",
    "OIDC_NAME",
    "OIDC_ALLOW_HTTP_ISSUER",
    "OPENAI_API_KEY",
    "YOUTUBE_API_KEY",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
  ]) {
    delete process.env[name];
  }
}

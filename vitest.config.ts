import os from "node:os";
import path from "node:path";

import { defineConfig } from "vitest/config";

// Node 20 only: what vitest 5 needs of Node 22 (test/node20-polyfills.ts). Node 22+ skips it.
if (Number(process.versions.node.split(".")[0]) < 22) await import("./test/node20-polyfills.js");

/**
 * Two tiers (test/README.md):
 * - unit: src/**\/*.test.ts beside the code, no database;
 * - integration: *.int.test.ts on a real PostgreSQL — one embedded cluster per run (or the
 *   server in TEST_DATABASE_URL), one fresh database per test file (test/global-setup.ts,
 *   test/setup-db.ts).
 * `npm test` runs both; `npm run test:int` runs `--project integration`.
 */
const root = import.meta.dirname;

/**
 * SKIP_CORPUS_TESTS=1 leaves out the evaluations over the shared corpus (`*corpus.test.ts`,
 * `src/server/eval/`): pure arithmetic over transcripts, the same on every runtime. CI runs them
 * once, on the machine's Node, and everything else on Node 24 as well.
 */
const corpusTests = process.env.SKIP_CORPUS_TESTS === "1" ? ["src/**/*corpus.test.ts", "src/server/eval/**"] : [];

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: { "server-only": path.join(root, "test/empty.ts") },
  },
  test: {
    // Vitest's default leaves a core idle (cores − 1): one worker on a two-core machine. Much of a
    // test file's time is spent waiting on PostgreSQL or on imports, so every core gets a worker.
    maxWorkers: Math.max(2, os.availableParallelism()),
    teardownTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.ts"],
          exclude: ["src/**/*.int.test.ts", "node_modules/**", ...corpusTests],
          setupFiles: ["test/setup-unit.ts"],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["src/**/*.int.test.ts", "test/**/*.int.test.ts"],
          exclude: ["node_modules/**"],
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/setup-db.ts"],
          // First cluster init takes about a second; argon2 hashing and real concurrency add up.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

/**
 * scripts/serve.mjs (`npm start`) refuses a PORT or WEB_CONCURRENCY it cannot use with one clear
 * line, and any other variable src/env.ts refuses with that variable's reason, before it touches
 * the data folder or starts a database. Serving itself, one process per
 * core, is exercised by the browser tests and the benches against the production build.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, test } from "vitest";

const scratch = mkdtempSync(path.join(tmpdir(), "serve-script-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function start(variables: Record<string, string>) {
  const dataDir = path.join(scratch, String(Math.random()).slice(2));
  const result = spawnSync(process.execPath, ["scripts/serve.mjs", "start"], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, ...variables },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { ...result, dataDir };
}

describe("npm start refuses settings it cannot use", () => {
  test.each([
    ["WEB_CONCURRENCY", "0", "WEB_CONCURRENCY must be a whole number from 1 to 64"],
    ["WEB_CONCURRENCY", "two", "WEB_CONCURRENCY must be a whole number from 1 to 64"],
    ["WEB_CONCURRENCY", "2.5", "WEB_CONCURRENCY must be a whole number from 1 to 64"],
    ["WEB_CONCURRENCY", "65", "WEB_CONCURRENCY must be a whole number from 1 to 64"],
    ["PORT", "70000", "PORT must be a whole number from 1 to 65535"],
    ["PORT", "-1", "PORT must be a whole number from 1 to 65535"],
    ["PORT", "3000abc", "PORT must be a whole number from 1 to 65535"],
  ])("%s=%s", (name, value, message) => {
    const { status, stderr, stdout, dataDir } = start({ [name]: value });
    expect(status).toBe(1);
    expect(stderr.trim()).toBe(`[coursecraft] could not start: ${message}, not "${value}"`);
    expect(stdout).not.toContain("embedded PostgreSQL");
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe("npm start checks every other variable by the app's rules first", () => {
  test.each([
    ["TRUST_PROXY", "yes", 'must be "true", "false" or a number of proxies (0-10)'],
    ["DATABASE_POOL_SIZE", "0", "DATABASE_POOL_SIZE"],
    ["NEXTAUTH_URL", "not a url", "NEXTAUTH_URL"],
  ])("%s=%s", (name, value, reason) => {
    const { status, stderr, stdout, dataDir } = start({ [name]: value });
    expect(status).toBe(1);
    expect(stderr).toContain(name);
    expect(stderr).toContain(reason);
    expect(stderr.trim().split("\n").at(-1)).toBe("[coursecraft] could not start: Invalid environment variables");
    expect(stdout).not.toContain("embedded PostgreSQL");
    expect(existsSync(dataDir)).toBe(false);
  });
});

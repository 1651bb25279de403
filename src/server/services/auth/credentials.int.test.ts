/**
 * Login and registration services on a real PostgreSQL, watching how many passwords actually
 * get checked: the per-username limit exists to bound guesses, not just to change the answer.
 */
import { beforeEach, describe, expect, test, vi } from "vitest";

import type * as PasswordModule from "~/server/auth/password";
import { verifyPassword } from "~/server/auth/password";
import { LIMITS } from "~/server/rate-limit";

import { randomIp } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { createUser, DEFAULT_PASSWORD } from "../../../../test/factories";

import { loginUser, registerUser } from "./credentials";

vi.mock("~/server/auth/password", async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const verifyCalls = () => vi.mocked(verifyPassword).mock.calls.length;

async function outcomes(calls: Promise<unknown>[]) {
  const results = await Promise.allSettled(calls);
  const counts: Record<string, number> = {};
  for (const result of results) {
    const key = result.status === "fulfilled" ? "OK" : ((result.reason as { code?: string }).code ?? "THROWN");
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

beforeEach(() => {
  vi.mocked(verifyPassword).mockClear();
});

describe("loginUser", () => {
  test("sequential failures: one password check each, none once the limit is reached", async () => {
    const user = await createUser(db);
    const { points } = LIMITS.loginAttemptsPerUsername;
    for (let i = 0; i < points; i++) {
      await expect(loginUser(db, { username: user.username, password: `guess-${i}` }, randomIp())).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
    expect(verifyCalls()).toBe(points);
    await expect(loginUser(db, { username: user.username, password: DEFAULT_PASSWORD }, randomIp())).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(verifyCalls()).toBe(points);
  });

  test("a width- and case-variant of the username signs in to the same account", async () => {
    const user = await createUser(db, { username: "Ada" });
    await expect(loginUser(db, { username: "ＡＤＡ", password: DEFAULT_PASSWORD }, randomIp())).resolves.toMatchObject({ user: { id: user.id } });
  });

  test("concurrent wrong guesses: the answers respect the limit", async () => {
    const user = await createUser(db);
    const { points } = LIMITS.loginAttemptsPerUsername;
    const counts = await outcomes(Array.from({ length: 30 }, (_, i) => loginUser(db, { username: user.username, password: `guess-${i}` }, randomIp())));
    expect(counts).toEqual({ UNAUTHORIZED: points, TOO_MANY_REQUESTS: 30 - points });
  });

  // Attempts are counted before the password is verified, so a burst of parallel guesses
  // cannot have more passwords checked than the limit allows.
  test("concurrent wrong guesses: no more passwords are checked than the limit allows", async () => {
    const user = await createUser(db);
    const { points } = LIMITS.loginAttemptsPerUsername;
    await outcomes(Array.from({ length: 30 }, (_, i) => loginUser(db, { username: user.username, password: `guess-${i}` }, randomIp())));
    expect(verifyCalls()).toBeLessThanOrEqual(points);
  });
});

describe("registerUser", () => {
  test("stores the lower-cased NFKC username key and an argon2id hash", async () => {
    const { user, sessionVersion } = await registerUser(
      db,
      { username: "Mixed.Case-Name", email: "mixed@example.com", password: "password123" },
      randomIp(),
      "http://localhost:3000",
    );
    expect(sessionVersion).toBe(0);
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    expect(row.usernameKey).toBe("mixed.case-name");
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

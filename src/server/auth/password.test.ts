import { describe, expect, test } from "vitest";

import { hashPassword, verifyPassword } from "./password";

describe("password hashing (argon2id)", () => {
  test("hashes with argon2id at the OWASP baseline (19 MiB, 2 passes)", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(hash).toMatch(/\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain("correct horse");
  });

  test("each hash has its own salt", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, "same password")).toBe(true);
    expect(await verifyPassword(b, "same password")).toBe(true);
  });

  test("verify: the right password → true, a wrong one → false", async () => {
    const hash = await hashPassword("s3cret-Passw0rd");
    expect(await verifyPassword(hash, "s3cret-Passw0rd")).toBe(true);
    expect(await verifyPassword(hash, "s3cret-passw0rd")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  test("every byte counts, beyond bcrypt's 72 (long and non-ASCII passwords)", async () => {
    const stem = "ü".repeat(60); // 120 bytes in UTF-8
    const hash = await hashPassword(`${stem}A`);
    expect(await verifyPassword(hash, `${stem}A`)).toBe(true);
    expect(await verifyPassword(hash, `${stem}B`)).toBe(false);
    const emoji = await hashPassword("🔑🔐 pass ✓");
    expect(await verifyPassword(emoji, "🔑🔐 pass ✓")).toBe(true);
  });

  test("a missing hash (unknown user, Google-only account) → false, even for the decoy's password", async () => {
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword(undefined, "anything")).toBe(false);
    expect(await verifyPassword(null, "decoy password that matches nothing")).toBe(false);
  });

  test("a malformed stored hash → false, not an exception", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
    expect(await verifyPassword("$argon2id$v=19$m=19456,t=2,p=1$broken", "anything")).toBe(false);
  });
});

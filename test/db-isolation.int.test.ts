/** The integration harness itself: each file gets a fresh, migrated database of its own. */
import { readdir } from "node:fs/promises";
import path from "node:path";

import { describe, expect, inject, test } from "vitest";

import { db } from "~/server/db";

import { createCourse, createUser } from "./factories";
import { assertInvariants } from "./invariants";

describe("test database", () => {
  test("is this file's own copy of the template, reached through DATABASE_URL", async () => {
    const { prefix, template } = inject("testDb");
    const [row] = await db.$queryRawUnsafe<{ name: string }[]>("SELECT current_database()::text AS name");
    expect(row?.name.startsWith(prefix)).toBe(true);
    expect(row?.name).not.toBe(template);
    expect(new URL(process.env.DATABASE_URL ?? "").pathname).toBe(`/${row?.name}`);
  });

  test("is migrated: every migration recorded, tables present and empty", async () => {
    const migrations = (await readdir(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })).filter((entry) => entry.isDirectory());
    const applied = await db.$queryRawUnsafe<{ migration_name: string }[]>(
      `SELECT migration_name::text FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
    );
    expect(applied.map((row) => row.migration_name).sort()).toEqual(migrations.map((entry) => entry.name).sort());
    expect(await db.user.count()).toBe(0);
    expect(await db.course.count()).toBe(0);
    expect(Number((await db.$queryRawUnsafe<{ n: bigint }[]>("SELECT count(*) AS n FROM rate_limits"))[0]?.n)).toBe(0);
  });

  test("the app sees the test environment", () => {
    expect(process.env.NODE_ENV).toBe("test");
    expect(process.env.NEXTAUTH_SECRET?.length).toBeGreaterThanOrEqual(32);
  });
});

describe("factories", () => {
  test("createUser fills every column and returns the plain password", async () => {
    const user = await createUser(db);
    for (const [column, value] of Object.entries(user)) {
      // Unset until the learner does something: a coupon, a payment, a shared card, the link in the verification mail.
      if (["couponPremiumUntil", "stripeCustomerId", "achievementCardId", "emailVerifiedAt"].includes(column)) expect(value, column).toBeNull();
      else expect(value, column).not.toBeNull();
    }
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.usernameKey).toBe(user.username.toLowerCase());
  });

  test("createCourse makes a ready course with ordered chapters and sections", async () => {
    const course = await createCourse(db, { chapters: 2, sectionsPerChapter: 3 });
    expect(course.status).toBe("ready");
    expect(course.chapters.map((chapter) => chapter.order)).toEqual([1, 2]);
    const starts = course.chapters.flatMap((chapter) => chapter.sections.map((section) => section.timeStart));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts).toHaveLength(6);
  });
});

describe("invariant check", () => {
  test("catches a ready course without sections, and passes once it is gone", async () => {
    const broken = await createCourse(db, { chapters: 0 });
    await expect(assertInvariants(process.env.DATABASE_URL ?? "")).rejects.toThrow(/course marked ready with no sections/);
    await db.course.delete({ where: { id: broken.id } });
    await expect(assertInvariants(process.env.DATABASE_URL ?? "")).resolves.toBeUndefined();
  });
});

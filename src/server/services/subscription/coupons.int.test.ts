/**
 * Coupons and the monthly limit on a real database: redemption under concurrency (one user twice
 * at once → once; ten users on a five-use code → five), the refusals and their rate limit, and
 * the free tier's month rolling over on a fake clock.
 */
import { describe, expect, test } from "vitest";

import { LIMITS, resetLimit } from "~/server/rate-limit";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { createUser, uniqueSuffix } from "../../../../test/factories";

import { redeemCoupon } from "./coupons";
import { createCoupon, DAYS_PER_MONTH } from "./create-coupon";
import { getEntitlements } from "./entitlements";
import { getCourseLimit, reserveCourseSlot, monthKey } from "./monthly-usage";

const DAY = 24 * 3600 * 1000;
const newCode = () => `SPRING-${uniqueSuffix()}`.slice(0, 40).toUpperCase();

describe("POST /api/coupons/redeem", () => {
  test("a code gives premium for its months, compared trimmed and case-insensitively; the answer has the user and the plan", async () => {
    const user = await createUser(db);
    const code = newCode();
    await createCoupon(db, { code, months: 2, maxRedemptions: 10 });
    const { caller } = await createTestCaller({ user });
    const before = Date.now();
    const answer = await caller.subscription.redeemCoupon({ code: `  ${code.toLowerCase()} ` });
    expect(answer.user).toMatchObject({ id: user.id });
    expect(answer.subscription).toMatchObject({ subscriptionTier: "premium", premiumSource: "coupon", monthlyLimit: null });
    const until = Date.parse(answer.subscription.currentPeriodEnd!);
    expect(until).toBeGreaterThanOrEqual(before + 2 * DAYS_PER_MONTH * DAY - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 2 * DAYS_PER_MONTH * DAY + 1000);
    // Premium ends with the coupon's days.
    expect((await getEntitlements(db, user.id, new Date(until + 1000))).tier).toBe("free");
  });

  test("a second code extends premium from its current end, not from today", async () => {
    const user = await createUser(db);
    const [a, b] = [newCode(), `${newCode()}B`];
    await createCoupon(db, { code: a, months: 1, maxRedemptions: 5 });
    await createCoupon(db, { code: b, months: 1, maxRedemptions: 5 });
    const first = await redeemCoupon(db, { userId: user.id, code: a });
    const second = await redeemCoupon(db, { userId: user.id, code: b });
    expect(second.premiumUntil.getTime() - first.premiumUntil.getTime()).toBe(DAYS_PER_MONTH * DAY);
  });

  test("one learner redeeming the same code twice at once gets it once; the second is a 409", async () => {
    const user = await createUser(db);
    const code = newCode();
    await createCoupon(db, { code, months: 1, maxRedemptions: 100 });
    const results = await Promise.allSettled([redeemCoupon(db, { userId: user.id, code }), redeemCoupon(db, { userId: user.id, code })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT", message: "You have already redeemed this coupon." } });
    const coupon = await db.coupon.findUniqueOrThrow({ where: { code }, select: { redemptionCount: true, _count: { select: { redemptions: true } } } });
    expect(coupon).toEqual({ redemptionCount: 1, _count: { redemptions: 1 } });
  });

  test("ten learners at once on a code with five uses left: exactly five get premium", async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(db)));
    const code = newCode();
    await createCoupon(db, { code, months: 1, maxRedemptions: 5 });
    const results = await Promise.allSettled(users.map((user) => redeemCoupon(db, { userId: user.id, code })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const failure of results.filter((r) => r.status === "rejected"))
      expect(failure).toMatchObject({ reason: { code: "UNPROCESSABLE", message: "This coupon has been fully redeemed." } });
    expect(await db.coupon.findUniqueOrThrow({ where: { code }, select: { redemptionCount: true } })).toEqual({ redemptionCount: 5 });
    const premium = await Promise.all(users.map(async (user) => (await getEntitlements(db, user.id)).tier === "premium"));
    expect(premium.filter(Boolean)).toHaveLength(5);
  });

  test("unknown and expired codes are refused with their reason; after ten failures even a good code waits (429)", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user });
    await expectTRPCError(caller.subscription.redeemCoupon({ code: "NO-SUCH-CODE" }), "NOT_FOUND", "This coupon code is not valid.");
    await expectValidationError(caller.subscription.redeemCoupon({ code: "   " }), "Please enter a coupon code");
    const expired = newCode();
    await createCoupon(db, { code: expired, months: 1, maxRedemptions: 5, expiresAt: new Date(Date.now() - 1000) });
    await expectTRPCError(caller.subscription.redeemCoupon({ code: expired }), "UNPROCESSABLE_CONTENT", "This coupon has expired.");

    for (let i = 0; i < LIMITS.couponFailuresPerUser.points - 2; i++)
      await expect(redeemCoupon(db, { userId: user.id, code: `WRONG-${i}` })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const good = newCode();
    await createCoupon(db, { code: good, months: 1, maxRedemptions: 5 });
    await expect(redeemCoupon(db, { userId: user.id, code: good })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      retryAfterSeconds: expect.any(Number) as number,
    });
    expect((await getEntitlements(db, user.id)).tier).toBe("free");
    await resetLimit(LIMITS.couponFailuresPerUser, String(user.id));
    await redeemCoupon(db, { userId: user.id, code: good });
    expect((await getEntitlements(db, user.id)).tier).toBe("premium");
  });

  test("coupon:create refuses bad codes and numbers, and stores the code normalised", async () => {
    await expect(createCoupon(db, { code: "a b", months: 1, maxRedemptions: 1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(createCoupon(db, { code: "GOODCODE", months: 0, maxRedemptions: 1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(createCoupon(db, { code: "GOODCODE", months: 1, maxRedemptions: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const code = newCode().toLowerCase();
    expect(await createCoupon(db, { code: ` ${code} `, months: 3, maxRedemptions: 7 })).toMatchObject({
      code: code.toUpperCase(),
      premiumDays: 90,
      maxRedemptions: 7,
    });
  });
});

describe("the free tier's month", () => {
  test("one course a UTC calendar month: used up on the 30th, free again on the 1st", async () => {
    const user = await createUser(db);
    const lastDay = new Date("2026-11-30T23:59:00Z");
    const nextMonth = new Date("2026-12-01T00:00:30Z");
    expect(await reserveCourseSlot(db, user.id, monthKey(lastDay), 1)).toBe(true);
    expect(await getCourseLimit(db, user.id, lastDay)).toMatchObject({ canCreateCourse: false, coursesCreatedThisMonth: 1, subscriptionTier: "free" });
    expect(await getCourseLimit(db, user.id, nextMonth)).toMatchObject({ canCreateCourse: true, coursesCreatedThisMonth: 0 });
    expect(await reserveCourseSlot(db, user.id, monthKey(nextMonth), 1)).toBe(true);
    expect(await reserveCourseSlot(db, user.id, monthKey(nextMonth), 1)).toBe(false);
  });
});

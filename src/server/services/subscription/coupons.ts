import { normalizeCouponCode } from "~/lib/schemas/subscription";
import type { DbClient } from "~/server/db/client";
import { queryRows } from "~/server/db/sql";
import { AppError } from "~/server/errors";
import { assertUnderLimit, consumeLimit, LIMITS } from "~/server/rate-limit";

/**
 * One statement, so the checks and the effects cannot be pulled apart by concurrency: the coupon
 * row is counted up only while it has uses left and has not expired (PostgreSQL re-checks that
 * condition on the locked row, so a 5-use code is redeemed exactly 5 times however many ask at
 * once); the redemption row's (couponId, userId) key refuses a second redemption by the same
 * user, undoing the count with it; and the user's coupon premium is extended from now, or from
 * the end of the premium they already have.
 */
const REDEEM_SQL = `
  WITH coupon AS (
    UPDATE "Coupon" SET "redemptionCount" = "redemptionCount" + 1
    WHERE "code" = $1 AND "redemptionCount" < "maxRedemptions" AND ("expiresAt" IS NULL OR "expiresAt" > $3)
    RETURNING "id", "premiumDays"
  ), redemption AS (
    INSERT INTO "CouponRedemption" ("couponId", "userId", "redeemedAt") SELECT "id", $2, $3 FROM coupon RETURNING "couponId"
  )
  UPDATE "User" SET
    "couponPremiumUntil" = GREATEST(COALESCE("couponPremiumUntil", $3), $3) + make_interval(days => (SELECT "premiumDays" FROM coupon)),
    "updatedAt" = $3
  WHERE "id" = $2 AND EXISTS (SELECT 1 FROM redemption)
  RETURNING "couponPremiumUntil"`;

/** 23505 from pg, or Prisma's wrapping of it (inside a transaction the statement runs through Prisma). */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta } = error as { code?: unknown; meta?: { code?: unknown } };
  return code === "23505" || code === "P2002" || meta?.code === "23505";
}

/**
 * POST /api/coupons/redeem: premium for the coupon's days. Codes compare trimmed and
 * case-insensitively. Failed attempts count against a per-user limit (10 per 15 minutes), so
 * codes cannot be guessed; each failure says why (unknown, expired, used up, already yours).
 */
export async function redeemCoupon(db: DbClient, { userId, code, now = new Date() }: { userId: number; code: string; now?: Date }): Promise<{ premiumUntil: Date }> {
  await assertUnderLimit(LIMITS.couponFailuresPerUser, String(userId));
  const normalized = normalizeCouponCode(code);
  try {
    const [row] = await queryRows<{ couponPremiumUntil: Date }>(db, REDEEM_SQL, [normalized, userId, now]);
    if (row) return { premiumUntil: row.couponPremiumUntil };
    throw await whyNotRedeemed(db, normalized, userId, now);
  } catch (error) {
    const failure = isUniqueViolation(error) ? new AppError("CONFLICT", "You have already redeemed this coupon.") : error;
    if (failure instanceof AppError) await consumeLimit(LIMITS.couponFailuresPerUser, String(userId));
    throw failure;
  }
}

async function whyNotRedeemed(db: DbClient, code: string, userId: number, now: Date): Promise<AppError> {
  const coupon = await db.coupon.findUnique({
    where: { code },
    select: { maxRedemptions: true, redemptionCount: true, expiresAt: true, redemptions: { where: { userId }, select: { id: true } } },
  });
  if (!coupon) return new AppError("NOT_FOUND", "This coupon code is not valid.");
  if (coupon.redemptions.length > 0) return new AppError("CONFLICT", "You have already redeemed this coupon.");
  if (coupon.expiresAt && coupon.expiresAt <= now) return new AppError("UNPROCESSABLE", "This coupon has expired.");
  return new AppError("UNPROCESSABLE", "This coupon has been fully redeemed.");
}

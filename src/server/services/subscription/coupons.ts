import { normalizeCouponCode } from "~/lib/schemas/subscription";
import type { DbClient } from "~/server/db/client";
import { findCouponState, redeemCouponCode } from "~/server/db/queries/subscription";
import { AppError } from "~/server/errors";
import { assertUnderLimit, consumeLimit, LIMITS } from "~/server/rate-limit";

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
export async function redeemCoupon(
  db: DbClient,
  { userId, code, now = new Date() }: { userId: number; code: string; now?: Date },
): Promise<{ premiumUntil: Date }> {
  await assertUnderLimit(LIMITS.couponFailuresPerUser, String(userId));
  const normalized = normalizeCouponCode(code);
  try {
    const row = await redeemCouponCode(db, { code: normalized, userId, now });
    if (row) return { premiumUntil: row.couponPremiumUntil };
    throw await whyNotRedeemed(db, normalized, userId, now);
  } catch (error) {
    const failure = isUniqueViolation(error) ? new AppError("CONFLICT", "You have already redeemed this coupon.") : error;
    if (failure instanceof AppError) await consumeLimit(LIMITS.couponFailuresPerUser, String(userId));
    throw failure;
  }
}

async function whyNotRedeemed(db: DbClient, code: string, userId: number, now: Date): Promise<AppError> {
  const coupon = await findCouponState(db, { code, userId });
  if (!coupon) return new AppError("NOT_FOUND", "This coupon code is not valid.");
  if (coupon.redeemedByUser) return new AppError("CONFLICT", "You have already redeemed this coupon.");
  if (coupon.expiresAt && coupon.expiresAt <= now) return new AppError("UNPROCESSABLE", "This coupon has expired.");
  return new AppError("UNPROCESSABLE", "This coupon has been fully redeemed.");
}

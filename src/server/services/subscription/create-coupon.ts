import { normalizeCouponCode } from "~/lib/schemas/subscription";
import type { DbClient } from "~/server/db/client";
import { couponCodeExists, insertCoupon } from "~/server/db/queries/subscription";
import { AppError } from "~/server/errors";

/** A month of premium from a coupon. */
export const DAYS_PER_MONTH = 30;

export type NewCoupon = { code: string; months: number; maxRedemptions: number; expiresAt?: Date | null };

/** Creates a coupon (npm run coupon:create; kept apart from redemption so the script loads no app server code); the code is stored normalised. */
export async function createCoupon(db: DbClient, { code, months, maxRedemptions, expiresAt = null }: NewCoupon) {
  const normalized = normalizeCouponCode(code);
  if (!/^[A-Z0-9_-]{3,64}$/.test(normalized)) throw new AppError("BAD_REQUEST", "A coupon code is 3 to 64 letters, digits, '-' or '_'.");
  if (!Number.isInteger(months) || months < 1 || months > 36) throw new AppError("BAD_REQUEST", "Months must be a whole number from 1 to 36.");
  if (!Number.isInteger(maxRedemptions) || maxRedemptions < 1) throw new AppError("BAD_REQUEST", "Max redemptions must be a whole number of at least 1.");
  if (await couponCodeExists(db, normalized)) throw new AppError("CONFLICT", `A coupon with the code ${normalized} already exists.`);
  return insertCoupon(db, { code: normalized, premiumDays: months * DAYS_PER_MONTH, maxRedemptions, expiresAt });
}

import type { DbClient } from "../client";
import { queryRows } from "./run";

export type MonthlyUsageRow = { coursesCreated: number };

/**
 * Counts one more course in the user's month unless `limit` (null: none) is reached; no row: it
 * was. One statement (a conditional upsert), so PostgreSQL serialises concurrent calls on the row
 * and the second sees the first's increment.
 */
export function incrementMonthlyUsage(
  db: DbClient,
  { userId, month, limit }: { userId: number; month: string; limit: number | null },
): Promise<MonthlyUsageRow[]> {
  return db.$queryRaw<MonthlyUsageRow[]>`
    INSERT INTO "MonthlyUsage" ("userId", "month", "coursesCreated") VALUES (${userId}, ${month}, 1)
    ON CONFLICT ("userId", "month") DO UPDATE SET "coursesCreated" = "MonthlyUsage"."coursesCreated" + 1
    WHERE ${limit}::int IS NULL OR "MonthlyUsage"."coursesCreated" < ${limit}::int
    RETURNING "coursesCreated"`;
}

/** Counts one course fewer in the user's month (never below 0); answers the rows changed. */
export function decrementMonthlyUsage(db: DbClient, { userId, month }: { userId: number; month: string }): Promise<number> {
  return db.$executeRaw`
    UPDATE "MonthlyUsage" SET "coursesCreated" = "coursesCreated" - 1
    WHERE "userId" = ${userId} AND "month" = ${month} AND "coursesCreated" > 0`;
}

export type StripeEventRow = { id: string };

/** Records a Stripe event's id; no row: it was recorded already (a duplicate delivery). */
export function insertStripeEvent(tx: DbClient, { id, type }: { id: string; type: string }): Promise<StripeEventRow[]> {
  return tx.$queryRaw<StripeEventRow[]>`
    INSERT INTO "StripeEvent" ("id", "type") VALUES (${id}, ${type}) ON CONFLICT ("id") DO NOTHING RETURNING "id"`;
}

export type RedeemedCouponRow = { couponPremiumUntil: Date };

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

/**
 * Redeems the coupon `code` (normalised) for the user at `now`. No row: unknown, expired or used
 * up; a second redemption by the same user fails on the unique key (23505, or Prisma's P2002
 * inside a transaction).
 */
export async function redeemCouponCode(
  db: DbClient,
  { code, userId, now }: { code: string; userId: number; now: Date },
): Promise<RedeemedCouponRow | undefined> {
  const [row] = await queryRows<RedeemedCouponRow>(db, REDEEM_SQL, [code, userId, now]);
  return row;
}

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

export type UserPlanRow = {
  couponPremiumUntil: Date | null;
  subscription: { status: string; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean } | null;
};

/** What grants the user premium: their coupon premium's end and their paid subscription, if any; null: no such user. */
export function findUserPlan(db: DbClient, userId: number): Promise<UserPlanRow | null> {
  return db.user.findUnique({
    where: { id: userId },
    select: { couponPremiumUntil: true, subscription: { select: { status: true, currentPeriodEnd: true, cancelAtPeriodEnd: true } } },
  });
}

/** The user's course count of one month ("2026-11"), if they created any. */
export function findMonthlyUsage(db: DbClient, { userId, month }: { userId: number; month: string }): Promise<MonthlyUsageRow | null> {
  return db.monthlyUsage.findUnique({ where: { userId_month: { userId, month } }, select: { coursesCreated: true } });
}

/** The user's Stripe customer, if they have one; null: no such user. */
export function findStripeCustomer(db: DbClient, userId: number): Promise<{ stripeCustomerId: string | null } | null> {
  return db.user.findUnique({ where: { id: userId }, select: { stripeCustomerId: true } });
}

/** The user's Stripe customer, if they have one; a user that does not exist fails (Prisma's P2025). */
export function getStripeCustomer(db: DbClient, userId: number): Promise<{ stripeCustomerId: string | null }> {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
}

/** What a new Stripe customer is made from: the user's e-mail and name, and the customer they may have already. */
export function getBillingContact(db: DbClient, userId: number): Promise<{ stripeCustomerId: string | null; email: string | null; username: string }> {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true, email: true, username: true } });
}

/** Gives the user the Stripe customer `customerId` unless they have one already (the first writer wins a race). */
export async function setStripeCustomerIfUnset(db: DbClient, { userId, customerId }: { userId: number; customerId: string }): Promise<void> {
  await db.user.updateMany({ where: { id: userId, stripeCustomerId: null }, data: { stripeCustomerId: customerId } });
}

/** The user whose Stripe customer is `customerId`, if any. */
export function findUserByStripeCustomer(db: DbClient, customerId: string): Promise<{ id: number } | null> {
  return db.user.findUnique({ where: { stripeCustomerId: customerId }, select: { id: true } });
}

/** A user by id with their Stripe customer, if the user exists. */
export function findUserWithStripeCustomer(db: DbClient, userId: number): Promise<{ id: number; stripeCustomerId: string | null } | null> {
  return db.user.findUnique({ where: { id: userId }, select: { id: true, stripeCustomerId: true } });
}

/** Whether the Stripe event `eventId` has been applied already. */
export async function isStripeEventRecorded(db: DbClient, eventId: string): Promise<boolean> {
  return (await db.stripeEvent.findUnique({ where: { id: eventId }, select: { id: true } })) !== null;
}

export type StoredSubscriptionRow = { stripeSubscriptionId: string; status: string; currentPeriodEnd: Date | null; stripeSyncedAt: Date | null };

/** The user's stored subscription as last read from Stripe, if any. */
export function findStoredSubscription(tx: DbClient, userId: number): Promise<StoredSubscriptionRow | null> {
  return tx.subscription.findUnique({
    where: { userId },
    select: { stripeSubscriptionId: true, status: true, currentPeriodEnd: true, stripeSyncedAt: true },
  });
}

export type SubscriptionFields = {
  stripeSubscriptionId: string;
  stripePriceId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stripeSyncedAt: Date;
};

/** Stores the user's subscription (a user has at most one), replacing what was stored. */
export async function saveSubscription(tx: DbClient, { userId, fields }: { userId: number; fields: SubscriptionFields }): Promise<void> {
  await tx.subscription.upsert({ where: { userId }, create: { userId, ...fields }, update: fields });
}

/** Whether a coupon code is taken. */
export async function couponCodeExists(db: DbClient, code: string): Promise<boolean> {
  return (await db.coupon.findUnique({ where: { code }, select: { id: true } })) !== null;
}

export type CouponRow = { id: number; code: string; premiumDays: number; maxRedemptions: number; expiresAt: Date | null };

/** Stores a new coupon (its code normalised by the caller). */
export function insertCoupon(db: DbClient, data: { code: string; premiumDays: number; maxRedemptions: number; expiresAt: Date | null }): Promise<CouponRow> {
  return db.coupon.create({ data, select: { id: true, code: true, premiumDays: true, maxRedemptions: true, expiresAt: true } });
}

export type CouponStateRow = { maxRedemptions: number; redemptionCount: number; expiresAt: Date | null; redeemedByUser: boolean };

/** Why a redemption may have failed: the coupon's uses and expiry, and whether the user redeemed it already; null: no such code. */
export async function findCouponState(db: DbClient, { code, userId }: { code: string; userId: number }): Promise<CouponStateRow | null> {
  const coupon = await db.coupon.findUnique({
    where: { code },
    select: { maxRedemptions: true, redemptionCount: true, expiresAt: true, redemptions: { where: { userId }, select: { id: true } } },
  });
  if (!coupon) return null;
  return {
    maxRedemptions: coupon.maxRedemptions,
    redemptionCount: coupon.redemptionCount,
    expiresAt: coupon.expiresAt,
    redeemedByUser: coupon.redemptions.length > 0,
  };
}

import { type Billing, type BillingEvent, type BillingSubscription, getBilling, isBillingError } from "~/server/billing/stripe";
import type { Db, DbClient } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { logger } from "~/server/logger";

import { PAYMENTS_NOT_CONFIGURED } from "./checkout";
import { subscriptionGrantsPremium } from "./entitlements";

/** The events that can change a user's plan; every other event is answered 200 and left alone. */
const PLAN_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_failed",
]);

/** Namespace of the per-user advisory lock that serialises plan changes (the other key is the user id). */
const PLAN_LOCK = 7_301;

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/**
 * POST /api/webhooks/stripe: checks the signature over the raw body (400 when it is wrong or
 * older than 5 minutes), then applies the event. A Stripe that cannot be reached to re-read the
 * subscription is a 503, so Stripe delivers the event again later.
 */
export async function receiveStripeWebhook(db: Db, { payload, signature, now = new Date() }: { payload: string; signature: string | null; now?: Date }, billing: Billing | null = getBilling()): Promise<WebhookOutcome> {
  if (!billing) throw new AppError("SERVICE_UNAVAILABLE", PAYMENTS_NOT_CONFIGURED);
  let event: BillingEvent;
  try {
    event = billing.verifyEvent(payload, signature);
  } catch (error) {
    if (isBillingError(error) && error.kind === "bad-signature") throw new AppError("BAD_REQUEST", error.message);
    if (isBillingError(error)) throw new AppError("SERVICE_UNAVAILABLE", error.message);
    throw error;
  }
  try {
    return await applyBillingEvent(db, billing, event, now);
  } catch (error) {
    if (isBillingError(error)) throw new AppError("SERVICE_UNAVAILABLE", "Stripe could not be reached to read the subscription; deliver the event again later.");
    throw error;
  }
}

/**
 * Applies a verified Stripe event, once. The event's id is recorded in the same transaction as
 * its effect, so a duplicate delivery (even concurrent ones: they wait on the id's unique key)
 * does nothing, and a failed one is retried by Stripe. The effect never trusts the event's copy
 * of the subscription: under a per-user lock it re-reads the subscription from Stripe and stores
 * that, so events arriving late or out of order still leave the latest truth.
 */
export async function applyBillingEvent(db: Db, billing: Billing, event: BillingEvent, now = new Date()): Promise<WebhookOutcome> {
  if (!PLAN_EVENTS.has(event.type) || !event.subscriptionId) return "ignored";
  const subscriptionId = event.subscriptionId;
  const userId = await ownerOf(db, event);
  if (userId === null) {
    logger.warn("stripe event for an unknown customer", { event: event.id, type: event.type, customer: event.customerId });
    return "ignored";
  }
  return db.$transaction(
    async (tx) => {
      const fresh = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO "StripeEvent" ("id", "type") VALUES (${event.id}, ${event.type}) ON CONFLICT ("id") DO NOTHING RETURNING "id"`;
      if (fresh.length === 0) return "duplicate";
      await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(${PLAN_LOCK}::int, ${userId}::int)`;
      await storeSubscription(tx, userId, await billing.getSubscription(subscriptionId), now);
      return "applied";
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

/** The user an event is about: the one with its Stripe customer, else the user id the checkout put in its metadata. */
async function ownerOf(db: DbClient, event: BillingEvent): Promise<number | null> {
  if (event.customerId) {
    const byCustomer = await db.user.findUnique({ where: { stripeCustomerId: event.customerId }, select: { id: true } });
    if (byCustomer) return byCustomer.id;
  }
  if (event.userId === null) return null;
  const byMetadata = await db.user.findUnique({ where: { id: event.userId }, select: { id: true, stripeCustomerId: true } });
  if (!byMetadata) return null;
  if (event.customerId && !byMetadata.stripeCustomerId) {
    await db.user.updateMany({ where: { id: byMetadata.id, stripeCustomerId: null }, data: { stripeCustomerId: event.customerId } });
  }
  return byMetadata.id;
}

/** Stores Stripe's view of the user's subscription; an older subscription's news never replaces one that grants premium. */
async function storeSubscription(tx: DbClient, userId: number, subscription: BillingSubscription, now: Date): Promise<void> {
  const current = await tx.subscription.findUnique({ where: { userId }, select: { stripeSubscriptionId: true, status: true, currentPeriodEnd: true } });
  if (current && current.stripeSubscriptionId !== subscription.id && subscriptionGrantsPremium(current, now) && !subscriptionGrantsPremium(subscription, now)) return;
  const data = {
    stripeSubscriptionId: subscription.id,
    stripePriceId: subscription.priceId,
    status: subscription.status.slice(0, 32),
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
  await tx.subscription.upsert({ where: { userId }, create: { userId, ...data }, update: data });
}

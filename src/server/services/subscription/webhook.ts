import { type Billing, type BillingEvent, type BillingSubscription, getBilling, isBillingError } from "~/server/billing/stripe";
import type { Db, DbClient } from "~/server/db/client";
import { lockUser } from "~/server/db/queries/locks";
import {
  findStoredSubscription,
  findUserByStripeCustomer,
  findUserWithStripeCustomer,
  insertStripeEvent,
  isStripeEventRecorded,
  saveSubscription,
  setStripeCustomerIfUnset,
} from "~/server/db/queries/subscription";
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

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/**
 * POST /api/webhooks/stripe: checks the signature over the raw body (400 when it is wrong or
 * older than 5 minutes), then applies the event. A Stripe that cannot be reached to re-read the
 * subscription is a 503, so Stripe delivers the event again later.
 */
export async function receiveStripeWebhook(
  db: Db,
  { payload, signature, now = new Date() }: { payload: string; signature: string | null; now?: Date },
  billing: Billing | null = getBilling(),
): Promise<WebhookOutcome> {
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
    if (isBillingError(error))
      throw new AppError("SERVICE_UNAVAILABLE", "Stripe could not be reached to read the subscription; deliver the event again later.");
    throw error;
  }
}

/**
 * Applies a verified Stripe event, once. The event never says what is true: the subscription is
 * read from Stripe first (outside any transaction, so no connection or lock waits on Stripe), then
 * a short transaction records the event's id (a duplicate delivery, even a concurrent one, waits
 * on that unique key and then does nothing) and stores what was read, unless a newer read of the
 * same user's subscription is stored already. So events arriving late, twice or out of order
 * still leave the latest truth, and a failure leaves nothing recorded for Stripe to retry.
 */
async function applyBillingEvent(db: Db, billing: Billing, event: BillingEvent, now = new Date()): Promise<WebhookOutcome> {
  if (!PLAN_EVENTS.has(event.type) || !event.subscriptionId) return "ignored";
  if (await isStripeEventRecorded(db, event.id)) return "duplicate";
  const userId = await ownerOf(db, event);
  if (userId === null) {
    logger.warn("stripe event for an unknown customer", { event: event.id, type: event.type, customer: event.customerId });
    return "ignored";
  }
  const readAt = new Date();
  const subscription = await billing.getSubscription(event.subscriptionId);
  return db.$transaction(async (tx) => {
    const fresh = await insertStripeEvent(tx, { id: event.id, type: event.type });
    if (fresh.length === 0) return "duplicate";
    await lockUser(tx, "plan", userId);
    await storeSubscription(tx, userId, subscription, { readAt, now });
    return "applied";
  });
}

/** The user an event is about: the one with its Stripe customer, else the user id the checkout put in its metadata. */
async function ownerOf(db: DbClient, event: BillingEvent): Promise<number | null> {
  if (event.customerId) {
    const byCustomer = await findUserByStripeCustomer(db, event.customerId);
    if (byCustomer) return byCustomer.id;
  }
  if (event.userId === null) return null;
  const byMetadata = await findUserWithStripeCustomer(db, event.userId);
  if (!byMetadata) return null;
  if (event.customerId && !byMetadata.stripeCustomerId) {
    await setStripeCustomerIfUnset(db, { userId: byMetadata.id, customerId: event.customerId });
  }
  return byMetadata.id;
}

/**
 * Stores Stripe's view of the user's subscription, read at `readAt`. A read older than the stored
 * one is dropped, and an older subscription's news never replaces one that grants premium.
 */
async function storeSubscription(tx: DbClient, userId: number, subscription: BillingSubscription, { readAt, now }: { readAt: Date; now: Date }): Promise<void> {
  const current = await findStoredSubscription(tx, userId);
  if (current?.stripeSubscriptionId === subscription.id && current.stripeSyncedAt && current.stripeSyncedAt > readAt) return;
  if (current && current.stripeSubscriptionId !== subscription.id && subscriptionGrantsPremium(current, now) && !subscriptionGrantsPremium(subscription, now))
    return;
  const fields = {
    stripeSubscriptionId: subscription.id,
    stripePriceId: subscription.priceId,
    status: subscription.status.slice(0, 32),
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    stripeSyncedAt: readAt,
  };
  await saveSubscription(tx, { userId, fields });
}

import { type Billing, getBilling, isBillingError } from "~/server/billing/stripe";
import type { DbClient } from "~/server/db/client";
import { getBillingContact, getStripeCustomer, setStripeCustomerIfUnset } from "~/server/db/queries/subscription";
import { AppError } from "~/server/errors";

import { getEntitlements } from "./entitlements";

export const PAYMENTS_NOT_CONFIGURED = "Payments are not configured on this server, so Premium cannot be bought here yet.";

function requireBilling(billing: Billing | null): Billing {
  if (!billing) throw new AppError("SERVICE_UNAVAILABLE", PAYMENTS_NOT_CONFIGURED);
  return billing;
}

function billingFailure(error: unknown): never {
  if (isBillingError(error)) throw new AppError("SERVICE_UNAVAILABLE", "The payment service could not be reached. Please try again later.");
  throw error;
}

/** The user's Stripe customer, created once (Stripe's idempotency and a conditional update keep it one under races). */
async function ensureCustomer(db: DbClient, billing: Billing, userId: number): Promise<string> {
  const user = await getBillingContact(db, userId);
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customerId = await billing.createCustomer({ userId, email: user.email, name: user.username });
  await setStripeCustomerIfUnset(db, { userId, customerId });
  const stored = await getStripeCustomer(db, userId);
  return stored.stripeCustomerId ?? customerId;
}

/**
 * POST /api/subscription/create-checkout: a Stripe Checkout session for Premium, for the user's
 * own Stripe customer; the browser goes to the URL. Nothing is granted here: premium arrives with
 * Stripe's webhooks once the payment is made (visiting the success page grants nothing). A
 * double click within the same minute gets the same session (an idempotency key).
 */
export async function startCheckout(
  db: DbClient,
  { userId, origin, now = new Date() }: { userId: number; origin: string; now?: Date },
  billingOrNull: Billing | null = getBilling(),
): Promise<{ url: string }> {
  const billing = requireBilling(billingOrNull);
  const entitlements = await getEntitlements(db, userId, now);
  if (entitlements.premium?.source === "subscription" && !entitlements.premium.cancelAtPeriodEnd) {
    throw new AppError("CONFLICT", "You already have an active Premium subscription.");
  }
  try {
    const customerId = await ensureCustomer(db, billing, userId);
    const url = await billing.createCheckout({
      customerId,
      userId,
      successUrl: `${origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/subscription/cancel`,
      idempotencyKey: `checkout-${userId}-${Math.floor(now.getTime() / 60_000)}`,
    });
    return { url };
  } catch (error) {
    billingFailure(error);
  }
}

/** POST /api/subscription/portal: Stripe's customer portal (cancel, card, invoices) for the user's customer. */
export async function openBillingPortal(
  db: DbClient,
  { userId, origin }: { userId: number; origin: string },
  billingOrNull: Billing | null = getBilling(),
): Promise<{ url: string }> {
  const billing = requireBilling(billingOrNull);
  const user = await getStripeCustomer(db, userId);
  if (!user.stripeCustomerId) throw new AppError("NOT_FOUND", "You have no billing account yet: upgrade to Premium first.");
  try {
    return { url: await billing.createPortal({ customerId: user.stripeCustomerId, returnUrl: `${origin}/subscription` }) };
  } catch (error) {
    billingFailure(error);
  }
}

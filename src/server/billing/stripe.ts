import Stripe from "stripe";
import { z } from "zod";

import { env } from "~/env";
import { KnownFailure } from "~/lib/failure";

/**
 * The app's only door to Stripe: the calls it makes, with Stripe's answers parsed into the few
 * fields the app uses (nothing above this file sees the SDK's types or its errors). Built from
 * STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET; tests build one pointed at the
 * local fake (test/fakes/stripe.mjs) with `apiBase`.
 */

/** A subscription as Stripe says it is now: the truth every webhook re-reads. */
export type BillingSubscription = {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Our user id, from the metadata the checkout put on it. */
  userId: number | null;
};

/** A verified webhook event: which subscription and customer it concerns, if any. */
export type BillingEvent = { id: string; type: string; subscriptionId: string | null; customerId: string | null; userId: number | null };

export type BillingFailure = "unavailable" | "rejected" | "bad-signature" | "not-found";

export class BillingError extends KnownFailure<BillingFailure> {
  override readonly name = "BillingError";
}

export const isBillingError = (error: unknown): error is BillingError => error instanceof BillingError;

export type Billing = {
  createCustomer(input: { userId: number; email: string | null; name: string }): Promise<string>;
  /** A Checkout session for the premium price; answers its URL. */
  createCheckout(input: { customerId: string; userId: number; successUrl: string; cancelUrl: string; idempotencyKey: string }): Promise<string>;
  /** A customer portal session (cancel, payment method, invoices); answers its URL. */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<string>;
  getSubscription(id: string): Promise<BillingSubscription>;
  /** Checks a webhook's signature (and that it is fresh) and reads the event; throws "bad-signature". */
  verifyEvent(payload: string, signature: string | null): BillingEvent;
};

/** How old a webhook's signed timestamp may be (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type BillingConfig = { secretKey: string; priceId: string; webhookSecret: string | null; apiBase?: string };

let configured: Billing | null | undefined;

/** The configured Stripe account, or null when payments are not configured on this server. */
export function getBilling(): Billing | null {
  if (configured !== undefined) return configured;
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PRICE_ID) return (configured = null);
  return (configured = createBilling({
    secretKey: env.STRIPE_SECRET_KEY,
    priceId: env.STRIPE_PRICE_ID,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    apiBase: env.STRIPE_API_BASE,
  }));
}

export function createBilling({ secretKey, priceId, webhookSecret, apiBase }: BillingConfig): Billing {
  const base = apiBase ? new URL(apiBase) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === "http:" ? 80 : 443), protocol: base.protocol === "http:" ? "http" : "https" } : {}),
  });

  return {
    async createCustomer({ userId, email, name }) {
      const customer = await call(() =>
        stripe.customers.create({ email: email ?? undefined, name, metadata: { userId: String(userId) } }, { idempotencyKey: `customer-${userId}` }),
      );
      return customer.id;
    },
    async createCheckout({ customerId, userId, successUrl, cancelUrl, idempotencyKey }) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer: customerId,
            line_items: [{ price: priceId, quantity: 1 }],
            success_url: successUrl,
            cancel_url: cancelUrl,
            client_reference_id: String(userId),
            metadata: { userId: String(userId) },
            subscription_data: { metadata: { userId: String(userId) } },
          },
          { idempotencyKey },
        ),
      );
      if (!session.url) throw new BillingError("unavailable", "Stripe did not return a checkout page.");
      return session.url;
    },
    async createPortal({ customerId, returnUrl }) {
      const session = await call(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return session.url;
    },
    async getSubscription(id) {
      return readSubscription(await call(() => stripe.subscriptions.retrieve(id)));
    },
    verifyEvent(payload, signature) {
      if (!webhookSecret) throw new BillingError("unavailable", "Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).");
      if (!signature) throw new BillingError("bad-signature", "Missing Stripe-Signature header.");
      try {
        return readEvent(stripe.webhooks.constructEvent(payload, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS));
      } catch (error) {
        if (isBillingError(error)) throw error;
        throw new BillingError("bad-signature", "The webhook signature is invalid or too old.", { cause: error });
      }
    },
  };
}

/** Stripe's errors, as the app sees them: not found, refused (our request was wrong), or unavailable. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing")
      throw new BillingError("not-found", "Not found at Stripe.", { cause: error });
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
      throw new BillingError("rejected", "Stripe refused the request.", { cause: error });
    throw new BillingError("unavailable", "The payment service could not be reached. Please try again later.", { cause: error });
  }
}

const userIdFromMetadata = (metadata: unknown): number | null => {
  const parsed = z.object({ userId: z.coerce.number().int().positive() }).safeParse(metadata);
  return parsed.success ? parsed.data.userId : null;
};

const idOf = (value: unknown): string | null =>
  typeof value === "string" ? value : value && typeof value === "object" && "id" in value && typeof value.id === "string" ? value.id : null;

const subscriptionShape = z.object({
  id: z.string(),
  customer: z.unknown().optional(),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  metadata: z.unknown().optional(),
  // The period lives on the items in current API versions, on the subscription in older ones.
  current_period_end: z.number().nullish(),
  items: z.object({ data: z.array(z.object({ price: z.object({ id: z.string() }).nullish(), current_period_end: z.number().nullish() })) }).nullish(),
});

function readSubscription(raw: unknown): BillingSubscription {
  const parsed = subscriptionShape.safeParse(raw);
  const customerId = parsed.success ? idOf(parsed.data.customer) : null;
  if (!parsed.success || !customerId) throw new BillingError("unavailable", "Stripe answered with a subscription the app cannot read.");
  const sub = parsed.data;
  const item = sub.items?.data[0];
  const periodEnd = item?.current_period_end ?? sub.current_period_end ?? null;
  return {
    id: sub.id,
    customerId,
    status: sub.status,
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: periodEnd === null ? null : new Date(periodEnd * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    userId: userIdFromMetadata(sub.metadata),
  };
}

const eventObjectShape = z.object({
  object: z.string(),
  id: z.string().nullish(),
  customer: z.unknown().optional(),
  subscription: z.unknown().optional(),
  metadata: z.unknown().optional(),
  client_reference_id: z.string().nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: z.unknown().optional(), metadata: z.unknown().optional() }).nullish() }).nullish(),
});

/** Which subscription an event is about: the object itself, a checkout's, or an invoice's. */
function readEvent(event: Stripe.Event): BillingEvent {
  const parsed = eventObjectShape.safeParse(event.data.object);
  if (!parsed.success) return { id: event.id, type: event.type, subscriptionId: null, customerId: null, userId: null };
  const object = parsed.data;
  const subscriptionId =
    object.object === "subscription" ? (object.id ?? null) : (idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription) ?? null);
  const userId =
    userIdFromMetadata(object.metadata) ??
    userIdFromMetadata(object.parent?.subscription_details?.metadata) ??
    userIdFromMetadata({ userId: object.client_reference_id });
  return { id: event.id, type: event.type, subscriptionId, customerId: idOf(object.customer), userId };
}

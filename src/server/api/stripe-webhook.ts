import type { Billing } from "~/server/billing/stripe";
import { db as defaultDb, type Db } from "~/server/db";
import { receiveStripeWebhook } from "~/server/services/subscription/webhook";

import { type ApiHandler, routeHandler } from "./route-handler";

export const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";

const decoder = new TextDecoder();

/**
 * POST /api/webhooks/stripe: Stripe's events, verified on the raw bytes of the body (which is why
 * this is not a tRPC procedure: the REST adapter parses JSON first). 200 for every event that
 * verifies, used or not; 400 for a bad or stale signature; 503 asks Stripe to deliver again.
 */
export function stripeWebhookHandler({ db = defaultDb, billing }: { db?: Db; billing?: Billing | null } = {}): ApiHandler {
  return routeHandler(async (req, { body }) => {
    const payload = decoder.decode(body ?? new Uint8Array());
    const outcome = await receiveStripeWebhook(db, { payload, signature: req.headers.get("stripe-signature") }, billing);
    return Response.json({ received: true, outcome });
  }, "stripe webhook failed");
}

export const handleStripeWebhook: ApiHandler = stripeWebhookHandler();

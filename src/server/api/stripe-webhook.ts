import type { Billing } from "~/server/billing/stripe";
import { db as defaultDb, type Db } from "~/server/db";
import { toAppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { receiveStripeWebhook } from "~/server/services/subscription/webhook";

import type { ApiHandler } from "./handlers";
import { checkApiRequest, jsonError } from "./http-guards";

export const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";

/**
 * POST /api/webhooks/stripe: Stripe's events, verified on the raw bytes of the body (which is why
 * this is not a tRPC procedure: the REST adapter parses JSON first). 200 for every event that
 * verifies, used or not; 400 for a bad or stale signature; 503 asks Stripe to deliver again.
 */
export function stripeWebhookHandler({ db = defaultDb, billing }: { db?: Db; billing?: Billing | null } = {}): ApiHandler {
  return async (req, preread) => {
    const checked = await checkApiRequest(req, { body: preread });
    if (checked instanceof Response) return checked;
    const payload = new TextDecoder().decode(checked.body ?? new Uint8Array());
    try {
      const outcome = await receiveStripeWebhook(db, { payload, signature: req.headers.get("stripe-signature") }, billing);
      return Response.json({ received: true, outcome });
    } catch (error) {
      const known = toAppError(error);
      if (known) return jsonError(known.status, known.code, known.message);
      logger.error("stripe webhook failed", { error });
      return jsonError(500, "INTERNAL_SERVER_ERROR", "Internal server error");
    }
  };
}

export const handleStripeWebhook: ApiHandler = stripeWebhookHandler();

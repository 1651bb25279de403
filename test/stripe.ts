import type { Billing } from "~/server/billing/stripe";
import { startCheckout } from "~/server/services/subscription/checkout";

import { db } from "./db";
import { createUser } from "./factories";
import type { FakeStripe } from "./fakes/stripe.mjs";

/** A learner who went through Checkout at the fake Stripe and paid; no webhook has arrived yet. */
export async function paidLearner(stripe: FakeStripe, billing: Billing) {
  const user = await createUser(db);
  const { url } = await startCheckout(db, { userId: user.id, origin: "http://app.test" }, billing);
  const sessionId = url.split("/").at(-1)!;
  const subscription = await stripe.pay(sessionId);
  return { user, session: stripe.sessions.get(sessionId)!, subscription };
}

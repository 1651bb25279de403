/**
 * Premium through Stripe, against the local fake Stripe API (test/fakes/stripe.mjs) with webhook
 * payloads signed by Stripe's real scheme: checkout, the webhook's signature checks, duplicate and
 * out-of-order deliveries, cancellation at the period's end, and Stripe being unreachable.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createBilling, type Billing } from "~/server/billing/stripe";
import { startCheckout } from "~/server/services/subscription/checkout";
import { getEntitlements } from "~/server/services/subscription/entitlements";
import { getSubscriptionView } from "~/server/services/subscription/overview";

import { createTestCaller } from "../../../test/caller";
import { db } from "../../../test/db";
import { startFakeStripe, type FakeStripe } from "../../../test/fakes/stripe.mjs";
import { createUser } from "../../../test/factories";
import { apiRequest } from "../../../test/http";
import { paidLearner } from "../../../test/stripe";

import { stripeWebhookHandler } from "./stripe-webhook";

const SECRET = "whsec_test_secret";
const PRICE = "price_premium_monthly";
let stripe: FakeStripe;
let billing: Billing;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: SECRET });
  billing = createBilling({ secretKey: "sk_test_fake", priceId: PRICE, webhookSecret: SECRET, apiBase: stripe.url });
});
afterAll(() => stripe.close());

const webhook = (request: Request) => stripeWebhookHandler({ db, billing })(request);

/** Delivers a signed event to the webhook handler, as Stripe would. */
async function deliver(type: string, object: object, { signature }: { signature?: string } = {}) {
  const signed = stripe.signedEvent(type, object);
  const response = await webhook(
    apiRequest("POST", "/api/webhooks/stripe", {
      body: signed.body,
      headers: { "content-type": "application/json", "stripe-signature": signature ?? signed.signature },
    }),
  );
  return { status: response.status, body: (await response.json()) as { outcome?: string; message?: string } };
}

const tierOf = async (userId: number, now?: Date) => (await getEntitlements(db, userId, now)).tier;

describe("checkout", () => {
  test("one Stripe customer per learner, reused; the session is for the premium price and returns to the app; nothing is granted before Stripe says so", async () => {
    const user = await createUser(db);
    // Clicks within one minute share a session: the clock is set a second into a minute, so the
    // test never straddles a minute's end (it once did, and "again" below got a new session).
    const minuteStart = Math.floor(Date.now() / 60_000) * 60_000;
    const now = new Date(minuteStart + 1_000);
    const [first, second] = await Promise.all([
      startCheckout(db, { userId: user.id, origin: "http://app.test", now }, billing),
      startCheckout(db, { userId: user.id, origin: "http://app.test", now: new Date(minuteStart + 121_000) }, billing),
    ]);
    const { stripeCustomerId } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { stripeCustomerId: true } });
    expect(stripeCustomerId).toMatch(/^cus_/);
    const sessions = [first, second].map(({ url }) => stripe.sessions.get(url.split("/").at(-1)!)!);
    expect(sessions.map((s) => s.customer)).toEqual([stripeCustomerId, stripeCustomerId]);
    expect(sessions[0]).toMatchObject({
      mode: "subscription",
      client_reference_id: String(user.id),
      success_url: "http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://app.test/subscription/cancel",
    });
    expect([...stripe.customers.values()].filter((c) => c.metadata.userId === String(user.id))).toHaveLength(1);
    // A double click within the minute is the same session.
    const again = await startCheckout(db, { userId: user.id, origin: "http://app.test", now: new Date(minuteStart + 30_000) }, billing);
    expect(again.url).toBe(first.url);
    // Paying at Stripe (or visiting the success page) grants nothing until the webhook arrives.
    await stripe.pay(sessions[0]!.id);
    expect(await tierOf(user.id)).toBe("free");
  });

  test("without Stripe configured, create-checkout says payments are not configured (503)", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user });
    await expect(caller.subscription.createCheckout()).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: expect.stringMatching(/Payments are not configured/) as string,
    });
    expect(await caller.subscription.get()).toMatchObject({ subscriptionTier: "free", paymentsConfigured: false, canManageBilling: false, monthlyLimit: 1 });
  });
});

describe("POST /api/webhooks/stripe", () => {
  test("checkout completed → premium with its renewal date; five concurrent copies of the event apply once", async () => {
    const { user, session, subscription } = await paidLearner(stripe, billing);
    const signed = stripe.signedEvent("checkout.session.completed", session);
    const send = () =>
      webhook(
        apiRequest("POST", "/api/webhooks/stripe", {
          body: signed.body,
          headers: { "content-type": "application/json", "stripe-signature": signed.signature },
        }),
      );
    const responses = await Promise.all(Array.from({ length: 5 }, send));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(responses.map(async (r) => ((await r.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(4);
    expect(await db.stripeEvent.count({ where: { id: signed.event.id } })).toBe(1);

    const view = await getSubscriptionView(db, user.id, { paymentsConfigured: true });
    const periodEnd = subscription.items.data[0]!.current_period_end * 1000;
    expect(view).toMatchObject({
      subscriptionTier: "premium",
      premiumSource: "subscription",
      monthlyLimit: null,
      cancelAtPeriodEnd: false,
      canManageBilling: true,
    });
    expect(Date.parse(view.currentPeriodEnd!)).toBe(periodEnd);
  });

  test("events out of order leave Stripe's latest truth: a late 'created' after 'deleted' does not bring premium back", async () => {
    const { user, subscription } = await paidLearner(stripe, billing);
    const created = structuredClone(stripe.subscriptions.get(subscription.id)!);
    await stripe.cancelAtPeriodEnd(subscription.id);
    await stripe.endPeriod(subscription.id);
    expect((await deliver("customer.subscription.deleted", stripe.subscriptions.get(subscription.id)!)).status).toBe(200);
    expect(await tierOf(user.id)).toBe("free");
    expect((await deliver("customer.subscription.created", created)).body.outcome).toBe("applied");
    expect(await tierOf(user.id)).toBe("free");
    expect(await db.subscription.findUnique({ where: { userId: user.id }, select: { status: true } })).toEqual({ status: "canceled" });
  });

  test("two reads of Stripe committed in the wrong order: the later read wins", async () => {
    const { user, session, subscription } = await paidLearner(stripe, billing);
    await deliver("checkout.session.completed", session);
    const stale = structuredClone(await billing.getSubscription(subscription.id));
    await stripe.cancelAtPeriodEnd(subscription.id);
    await stripe.endPeriod(subscription.id);
    // The first event's read of Stripe is slow and answers what was true before the cancellation.
    let slow = true;
    const slowFirst: Billing = {
      ...billing,
      async getSubscription(id) {
        if (!slow) return billing.getSubscription(id);
        slow = false;
        await new Promise((resolve) => setTimeout(resolve, 300));
        return stale;
      },
    };
    const send = (type: string) => {
      const signed = stripe.signedEvent(type, stripe.subscriptions.get(subscription.id)!);
      return stripeWebhookHandler({ db, billing: slowFirst })(
        apiRequest("POST", "/api/webhooks/stripe", {
          body: signed.body,
          headers: { "content-type": "application/json", "stripe-signature": signed.signature },
        }),
      );
    };
    const first = send("customer.subscription.updated");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await send("customer.subscription.deleted")).status).toBe(200);
    expect((await first).status).toBe(200);
    expect(await db.subscription.findUnique({ where: { userId: user.id }, select: { status: true } })).toEqual({ status: "canceled" });
    expect(await tierOf(user.id)).toBe("free");
  });

  test("cancelling keeps premium until the period ends, then the learner is free", async () => {
    const { user, session, subscription } = await paidLearner(stripe, billing);
    await deliver("checkout.session.completed", session);
    await stripe.cancelAtPeriodEnd(subscription.id);
    await deliver("customer.subscription.updated", stripe.subscriptions.get(subscription.id)!);
    const view = await getSubscriptionView(db, user.id, { paymentsConfigured: true });
    expect(view).toMatchObject({ subscriptionTier: "premium", cancelAtPeriodEnd: true });
    // Even if the 'deleted' event never came, the paid period's end ends premium.
    const afterPeriod = new Date(subscription.items.data[0]!.current_period_end * 1000 + 1000);
    expect(await tierOf(user.id, afterPeriod)).toBe("free");
    await stripe.endPeriod(subscription.id);
    await deliver("customer.subscription.deleted", stripe.subscriptions.get(subscription.id)!);
    expect(await tierOf(user.id)).toBe("free");
  });

  test("a failed renewal payment takes premium away; invoice events find their subscription", async () => {
    const { user, session, subscription } = await paidLearner(stripe, billing);
    await deliver("checkout.session.completed", session);
    expect(await tierOf(user.id)).toBe("premium");
    await stripe.failPayment(subscription.id);
    const invoice = [...stripe.invoices.values()].find((i) => i.parent?.subscription_details?.subscription === subscription.id && i.status !== "paid");
    expect(
      (
        await deliver(
          "invoice.payment_failed",
          invoice ?? { object: "invoice", customer: subscription.customer, parent: { subscription_details: { subscription: subscription.id } } },
        )
      ).body.outcome,
    ).toBe("applied");
    expect(await tierOf(user.id)).toBe("free");
  });

  test("bad, missing and stale signatures are 400 and change nothing; unused events are 200", async () => {
    const { user, session } = await paidLearner(stripe, billing);
    expect((await deliver("checkout.session.completed", session, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    const unsigned = await webhook(
      apiRequest("POST", "/api/webhooks/stripe", { json: { id: "evt_x", type: "checkout.session.completed", data: { object: session } } }),
    );
    expect(unsigned.status).toBe(400);
    const signed = stripe.signedEvent("checkout.session.completed", session);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload: signed.body, secret: "whsec_other" });
    expect((await deliver("checkout.session.completed", session, { signature: wrongSecret })).status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload: signed.body, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 });
    const staleResponse = await webhook(
      apiRequest("POST", "/api/webhooks/stripe", { body: signed.body, headers: { "content-type": "application/json", "stripe-signature": stale } }),
    );
    expect(staleResponse.status).toBe(400);
    expect(await tierOf(user.id)).toBe("free");
    expect(await db.stripeEvent.count({ where: { id: signed.event.id } })).toBe(0);

    const unused = await deliver("customer.created", { object: "customer", id: "cus_unrelated" });
    expect(unused).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
  });

  test("Stripe unreachable while the subscription is re-read: 503, nothing recorded, and the redelivery applies", async () => {
    const { user, session } = await paidLearner(stripe, billing);
    const offline = createBilling({ secretKey: "sk_test_fake", priceId: PRICE, webhookSecret: SECRET, apiBase: "http://127.0.0.1:9" });
    const signed = stripe.signedEvent("checkout.session.completed", session);
    const request = () =>
      apiRequest("POST", "/api/webhooks/stripe", { body: signed.body, headers: { "content-type": "application/json", "stripe-signature": signed.signature } });
    const failed = await stripeWebhookHandler({ db, billing: offline })(request());
    expect(failed.status).toBe(503);
    expect(await db.stripeEvent.count({ where: { id: signed.event.id } })).toBe(0);
    expect((await webhook(request())).status).toBe(200);
    expect(await tierOf(user.id)).toBe("premium");
  });
});

/**
 * The Stripe fake (test/fakes/stripe.mjs) against the real `stripe` SDK: the API calls the app
 * makes, the hosted pages, and webhooks the SDK's own signature check accepts.
 */
import http from "node:http";
import { type AddressInfo } from "node:net";

import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { type FakeStripe, startFakeStripe } from "../../../../test/fakes/stripe.mjs";

const WEBHOOK_SECRET = "whsec_fake_test_secret";
const PRICE = "price_pro_monthly";
const DAY = 24 * 60 * 60;

type Received = { body: string; signature: string };

/** A webhook endpoint that keeps the raw bodies and signatures and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ body, signature: String(req.headers["stripe-signature"]) });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/stripe/webhook`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

let fake: FakeStripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stripe: Stripe;

const client = (apiKey: string) => new Stripe(apiKey, { host: "127.0.0.1", port: fake.port, protocol: "http", maxNetworkRetries: 0 });
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The events received since `from`, each checked with the SDK's signature verification. */
const verifiedEventsSince = (from: number) =>
  receiver.received.slice(from).map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET));

async function newCheckoutSession(customer: string, idempotencyKey?: string) {
  return stripe.checkout.sessions.create(
    {
      mode: "subscription",
      customer,
      line_items: [{ price: PRICE, quantity: 1 }],
      success_url: "http://app.test/billing?session={CHECKOUT_SESSION_ID}",
      cancel_url: "http://app.test/pricing",
      client_reference_id: "5",
      metadata: { userId: "5" },
      subscription_data: { metadata: { userId: "5" } },
    },
    idempotencyKey ? { idempotencyKey } : undefined,
  );
}

async function paidSubscription() {
  const customer = await stripe.customers.create({ email: "pay@example.com" });
  const session = await newCheckoutSession(customer.id);
  return fake.pay(session.id);
}

beforeAll(async () => {
  receiver = await startReceiver();
  fake = await startFakeStripe({ webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
  stripe = client("sk_test_fake");
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

describe("the API", () => {
  test("creates and retrieves a customer", async () => {
    const created = await stripe.customers.create({ email: "ada@example.com", name: "Ada", metadata: { userId: "5" } });
    expect(created).toMatchObject({ object: "customer", email: "ada@example.com", name: "Ada", metadata: { userId: "5" } });
    expect(created.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ id: created.id, email: "ada@example.com" });
  });

  test("creates a checkout session, replaying it for a repeated Idempotency-Key", async () => {
    const customer = await stripe.customers.create({ email: "ada@example.com" });
    const first = await newCheckoutSession(customer.id, "checkout-key-1");
    const again = await newCheckoutSession(customer.id, "checkout-key-1");
    const other = await newCheckoutSession(customer.id, "checkout-key-2");

    expect(first).toMatchObject({
      object: "checkout.session",
      mode: "subscription",
      customer: customer.id,
      status: "open",
      payment_status: "unpaid",
      client_reference_id: "5",
      metadata: { userId: "5" },
      subscription: null,
      url: `${fake.url}/checkout/${first.id}`,
    });
    expect(first.id).toMatch(/^cs_test_/);
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect((await stripe.checkout.sessions.retrieve(first.id)).id).toBe(first.id);
  });

  test("refuses a reused Idempotency-Key with other parameters", async () => {
    await stripe.customers.create({ email: "one@example.com" }, { idempotencyKey: "customer-key" });
    await expect(stripe.customers.create({ email: "two@example.com" }, { idempotencyKey: "customer-key" })).rejects.toMatchObject({
      type: "StripeIdempotencyError",
    });
  });

  test("a bad API key is an authentication error", async () => {
    await expect(client("not-a-key").customers.create({ email: "x@example.com" })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  test("an unknown subscription is resource_missing", async () => {
    const error = await stripe.subscriptions.retrieve("sub_missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: "resource_missing", statusCode: 404 });
  });
});

describe("paying and the subscription's life", () => {
  test("pay delivers completed, created and paid, in order and signed", async () => {
    const from = receiver.received.length;
    const customer = await stripe.customers.create({ email: "pay@example.com" });
    const session = await newCheckoutSession(customer.id);

    const subscription = await fake.pay(session.id);

    const events = verifiedEventsSince(from);
    expect(events.map((event) => event.type)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
    expect(events[0]?.data.object).toMatchObject({ id: session.id, status: "complete", payment_status: "paid", subscription: subscription.id });
    expect(events[1]?.data.object).toMatchObject({ id: subscription.id, status: "active", metadata: { userId: "5" } });
    expect(events[2]?.data.object).toMatchObject({
      object: "invoice",
      customer: customer.id,
      status: "paid",
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: { userId: "5" } } },
    });
    expect(fake.deliveries.slice(-3).map((delivery) => delivery.status)).toEqual([200, 200, 200]);

    const retrieved = await stripe.subscriptions.retrieve(subscription.id);
    expect(retrieved).toMatchObject({ customer: customer.id, status: "active", cancel_at_period_end: false });
    expect(retrieved.items.data[0]?.price.id).toBe(PRICE);
    expect(retrieved.items.data[0]?.current_period_end).toBeGreaterThanOrEqual(nowSeconds() + 30 * DAY - 5);
    expect(retrieved.items.data[0]?.current_period_end).toBeLessThanOrEqual(nowSeconds() + 30 * DAY);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "complete", subscription: subscription.id });
  });

  test("cancel at period end, then the period ends: deleted and canceled", async () => {
    const subscription = await paidSubscription();
    const from = receiver.received.length;

    await fake.cancelAtPeriodEnd(subscription.id);
    await fake.endPeriod(subscription.id);

    const events = verifiedEventsSince(from);
    expect(events.map((event) => event.type)).toEqual(["customer.subscription.updated", "customer.subscription.deleted"]);
    expect(events[0]?.data.object).toMatchObject({ cancel_at_period_end: true, status: "active" });
    expect(events[1]?.data.object).toMatchObject({ id: subscription.id, status: "canceled" });
    expect((await stripe.subscriptions.retrieve(subscription.id)).canceled_at).toBeGreaterThan(0);
  });

  test("subscriptions.update sets cancel_at_period_end and can undo it", async () => {
    const subscription = await paidSubscription();
    const from = receiver.received.length;

    expect(await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).toMatchObject({ cancel_at_period_end: true });
    expect(await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false })).toMatchObject({ cancel_at_period_end: false });

    const events = verifiedEventsSince(from);
    expect(events.map((event) => [event.type, (event.data.object as Stripe.Subscription).cancel_at_period_end])).toEqual([
      ["customer.subscription.updated", true],
      ["customer.subscription.updated", false],
    ]);
  });

  test("a period that ends without cancellation renews for 30 days", async () => {
    const subscription = await paidSubscription();
    const end = subscription.items.data[0]!.current_period_end;
    const from = receiver.received.length;

    await fake.endPeriod(subscription.id);

    expect(verifiedEventsSince(from).map((event) => event.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe("active");
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: end, current_period_end: end + 30 * DAY });
  });

  test("a failed payment makes the subscription past_due", async () => {
    const subscription = await paidSubscription();
    const from = receiver.received.length;

    await fake.failPayment(subscription.id);

    expect(verifiedEventsSince(from).map((event) => event.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
  });

  test("signedEvent gives a body and header the SDK accepts, for sending by hand", () => {
    const { body, signature } = fake.signedEvent("customer.subscription.updated", { id: "sub_by_hand", object: "subscription" });
    const event = stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET);
    expect(event.type).toBe("customer.subscription.updated");
    expect(() => stripe.webhooks.constructEvent(body, signature, "whsec_other")).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});

describe("hosted pages", () => {
  test("Checkout's Pay button completes the session and redirects to success_url", async () => {
    const customer = await stripe.customers.create({ email: "page@example.com" });
    const session = await newCheckoutSession(customer.id);
    const from = receiver.received.length;

    const html = await (await fetch(session.url!)).text();
    expect(html).toContain("Fake Stripe Checkout");
    expect(html).toContain(PRICE);
    expect(html).toContain(`action="/checkout/${session.id}/pay"`);
    expect(html).toContain('href="http://app.test/pricing"');

    const paid = await fetch(`${fake.url}/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/billing?session=${session.id}`);
    expect(verifiedEventsSince(from)).toHaveLength(3);
    expect(fake.sessions.get(session.id)?.status).toBe("complete");
  });

  test("the portal lists the plan and its Cancel plan button cancels at period end", async () => {
    const subscription = await paidSubscription();
    const portal = await stripe.billingPortal.sessions.create({ customer: subscription.customer, return_url: "http://app.test/billing" });
    expect(portal.url).toBe(`${fake.url}/portal/${portal.id}`);

    const html = await (await fetch(portal.url)).text();
    expect(html).toContain("Fake Stripe Customer Portal");
    expect(html).toContain("Cancel plan");
    expect(html).toContain('href="http://app.test/billing"');

    const canceled = await fetch(`${portal.url}/cancel`, { method: "POST", redirect: "manual" });
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get("location")).toBe("http://app.test/billing");
    expect(fake.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    expect(fake.deliveries.at(-1)?.event.type).toBe("customer.subscription.updated");
  });
});

describe("/__control", () => {
  test("runs actions and reports counts and deliveries", async () => {
    const customer = await stripe.customers.create({ email: "control@example.com" });
    const session = await newCheckoutSession(customer.id);
    const post = (body: object) => fetch(`${fake.url}/__control`, { method: "POST", body: JSON.stringify(body) });

    const paid = await post({ action: "pay", id: session.id });
    expect(paid.status).toBe(200);
    const subscriptionId = fake.sessions.get(session.id)?.subscription;
    expect((await post({ action: "endPeriod", id: subscriptionId })).status).toBe(200);
    expect((await post({ action: "pay", id: "cs_test_missing" })).status).toBe(400);

    const state = (await (await fetch(`${fake.url}/__control`)).json()) as {
      counts: { subscriptions: number };
      deliveries: { type: string; status: number }[];
    };
    expect(state.counts.subscriptions).toBe(fake.subscriptions.size);
    expect(state.deliveries.slice(-2).map((d) => [d.type, d.status])).toEqual([
      ["invoice.paid", 200],
      ["customer.subscription.updated", 200],
    ]);
  });

  test("configure without a webhookUrl skips delivery", async () => {
    const customer = await stripe.customers.create({ email: "quiet@example.com" });
    const session = await newCheckoutSession(customer.id);
    const count = fake.deliveries.length;
    fake.configure({ webhookUrl: "" });
    try {
      await fake.pay(session.id);
    } finally {
      fake.configure({ webhookUrl: receiver.url });
    }
    expect(fake.deliveries.length).toBe(count);
  });
});

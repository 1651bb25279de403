import Stripe from "stripe";
import { describe, expect, test } from "vitest";

import { createBilling } from "./stripe";

const SECRET = "whsec_unit";
const billing = createBilling({ secretKey: "sk_test_unit", priceId: "price_1", webhookSecret: SECRET, apiBase: "http://127.0.0.1:9" });

function signed(object: object, type = "customer.subscription.updated") {
  const payload = JSON.stringify({ id: "evt_1", object: "event", type, created: 0, data: { object } });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

describe("reading Stripe's webhook events", () => {
  test("finds the subscription, the customer and our user id, whatever object carries them", () => {
    const subscription = signed({ id: "sub_1", object: "subscription", customer: "cus_1", metadata: { userId: "7" } });
    expect(billing.verifyEvent(subscription.payload, subscription.signature)).toEqual({
      id: "evt_1",
      type: "customer.subscription.updated",
      subscriptionId: "sub_1",
      customerId: "cus_1",
      userId: 7,
    });
    const checkout = signed(
      { id: "cs_1", object: "checkout.session", customer: { id: "cus_2" }, subscription: "sub_2", client_reference_id: "8" },
      "checkout.session.completed",
    );
    expect(billing.verifyEvent(checkout.payload, checkout.signature)).toMatchObject({ subscriptionId: "sub_2", customerId: "cus_2", userId: 8 });
    const invoice = signed(
      { id: "in_1", object: "invoice", customer: "cus_3", parent: { subscription_details: { subscription: "sub_3", metadata: { userId: "9" } } } },
      "invoice.paid",
    );
    expect(billing.verifyEvent(invoice.payload, invoice.signature)).toMatchObject({ subscriptionId: "sub_3", customerId: "cus_3", userId: 9 });
    const customer = signed({ id: "cus_4", object: "customer" }, "customer.created");
    expect(billing.verifyEvent(customer.payload, customer.signature)).toMatchObject({ subscriptionId: null, customerId: null, userId: null });
  });

  test("a bad or missing signature is refused as such", () => {
    const event = signed({ id: "sub_1", object: "subscription", customer: "cus_1" });
    expect(() => billing.verifyEvent(event.payload, null)).toThrow(expect.objectContaining({ kind: "bad-signature" }));
    expect(() => billing.verifyEvent(`${event.payload} `, event.signature)).toThrow(expect.objectContaining({ kind: "bad-signature" }));
  });
});

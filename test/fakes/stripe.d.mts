/** Types of test/fakes/stripe.mjs (a local fake of the Stripe API, Checkout and the customer portal). */

export type FakeStripeCustomer = {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  livemode: false;
};

export type FakeStripeCheckoutSession = {
  id: string;
  object: "checkout.session";
  created: number;
  /** The fake's hosted page, `${url}/checkout/${id}`. */
  url: string;
  mode: string;
  customer: string | null;
  customer_email: string | null;
  status: "open" | "complete";
  payment_status: "unpaid" | "paid";
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  livemode: false;
};

export type FakeStripeSubscriptionItem = {
  id: string;
  object: "subscription_item";
  price: { id: string; object: "price" };
  quantity: number;
  /** Unix seconds; a period is 30 days. */
  current_period_start: number;
  current_period_end: number;
};

export type FakeStripeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "past_due" | "canceled";
  cancel_at_period_end: boolean;
  /** The period end while cancel_at_period_end is set. */
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  items: { object: "list"; data: FakeStripeSubscriptionItem[] };
};

export type FakeStripeInvoice = {
  id: string;
  object: "invoice";
  created: number;
  customer: string;
  /** "open" for a failed payment. */
  status: "paid" | "open";
  billing_reason: "subscription_create" | "subscription_cycle";
  livemode: false;
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
};

export type FakeStripeEvent<T = unknown> = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  /** A copy of the object as it was when the event was made. */
  data: { object: T };
};

export type FakeStripeDelivery = {
  event: FakeStripeEvent;
  /** The webhook endpoint's HTTP status; 0 when the request itself failed (see `error`). */
  status: number;
  error?: string;
};

export type FakeStripeOptions = {
  port?: number;
  host?: string;
  webhookUrl?: string;
  webhookSecret?: string;
};

export type FakeStripe = {
  /** Origin of the fake, e.g. http://127.0.0.1:3106 (API under /v1, pages under /checkout and /portal). */
  url: string;
  port: number;
  customers: Map<string, FakeStripeCustomer>;
  sessions: Map<string, FakeStripeCheckoutSession>;
  subscriptions: Map<string, FakeStripeSubscription>;
  invoices: Map<string, FakeStripeInvoice>;
  /** Every webhook sent, in order. */
  deliveries: FakeStripeDelivery[];
  /** An empty string unsets. */
  configure(options: { webhookUrl?: string; webhookSecret?: string }): void;
  /** As the Checkout page's Pay button; paying a completed session again changes nothing. */
  pay(sessionId: string): Promise<FakeStripeSubscription>;
  /** As the portal's Cancel plan button. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<FakeStripeSubscription>;
  /** Cancels (if cancel_at_period_end) or renews for 30 days. */
  endPeriod(subscriptionId: string): Promise<FakeStripeSubscription>;
  failPayment(subscriptionId: string): Promise<FakeStripeSubscription>;
  /** A signed event to send by hand (duplicates, out of order); throws without a webhookSecret. */
  signedEvent<T>(type: string, object: T): { event: FakeStripeEvent<T>; body: string; signature: string };
  /** Sends one event now; throws without a webhookUrl or webhookSecret. */
  deliver(type: string, object: unknown): Promise<FakeStripeDelivery>;
  close(): Promise<void>;
};

export function startFakeStripe(options?: FakeStripeOptions): Promise<FakeStripe>;

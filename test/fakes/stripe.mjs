/**
 * A local stand-in for Stripe (node built-ins only): the API endpoints the app calls, in a
 * shape the real `stripe` SDK accepts, plus hosted Checkout and customer-portal pages that a
 * browser can click through and that deliver signed webhooks to the app.
 *
 *   POST /v1/customers                 GET /v1/customers/:id
 *   POST /v1/checkout/sessions         GET /v1/checkout/sessions/:id
 *   GET  /v1/subscriptions/:id         POST /v1/subscriptions/:id (cancel_at_period_end, metadata)
 *   GET  /v1/invoices/:id              POST /v1/billing_portal/sessions
 *   GET  /checkout/:id                 "Fake Stripe Checkout": Pay (POST /checkout/:id/pay) or Cancel
 *   GET  /portal/:id                   "Fake Stripe Customer Portal": Cancel plan (POST /portal/:id/cancel) or Return
 *   GET  /health                       { ok: true }
 *   POST /__control                    { webhookUrl?, webhookSecret?, action?, id? } from other processes;
 *                                      action is "pay" | "endPeriod" | "cancelAtPeriodEnd" | "failPayment"
 *   GET  /__control                    counts, subscriptions, the last deliveries
 *
 * The API wants `Authorization: Bearer sk_…` (else 401) and honours `Idempotency-Key` on every
 * POST. Webhooks are signed like Stripe's (`Stripe-Signature: t=…,v1=HMAC-SHA256("t.body")`) and
 * sent one at a time, each awaited, before the action that caused them answers; there are no
 * retries. Without a webhookUrl nothing is sent.
 *
 * CLI: `node test/fakes/stripe.mjs` on FAKE_STRIPE_PORT (3106), with FAKE_STRIPE_WEBHOOK_URL and
 * FAKE_STRIPE_WEBHOOK_SECRET.
 */
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";

import { readBody, sendJson } from "./http.mjs";

const API_VERSION = "2025-01-01";
const PERIOD_SECONDS = 30 * 24 * 60 * 60;
const DELIVERY_TIMEOUT_MS = 30_000;
const CONTROL_ACTIONS = new Set(["pay", "endPeriod", "cancelAtPeriodEnd", "failPayment"]);

/** @param {{ port?: number, host?: string, webhookUrl?: string, webhookSecret?: string }} [options] */
export async function startFakeStripe({ port = 0, host = "127.0.0.1", webhookUrl, webhookSecret } = {}) {
  const webhook = { url: webhookUrl ?? null, secret: webhookSecret ?? null };
  const customers = new Map();
  const sessions = new Map();
  const subscriptions = new Map();
  const invoices = new Map();
  const portalSessions = new Map();
  /** What a checkout session needs at payment and the API does not show: line items, subscription_data. */
  const checkoutDetails = new Map();
  /** Idempotency-Key → the first request's route and parameters, and the answer given to it. */
  const idempotent = new Map();
  const deliveries = [];
  const closing = new AbortController();
  let baseUrl = "";

  const configure = (options = {}) => {
    if (options.webhookUrl !== undefined) webhook.url = options.webhookUrl || null;
    if (options.webhookSecret !== undefined) webhook.secret = options.webhookSecret || null;
  };

  // --- webhooks ---------------------------------------------------------------------------

  const signedEvent = (type, object) => {
    if (!webhook.secret) throw new Error("fake Stripe: no webhookSecret configured");
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    const body = JSON.stringify(event);
    return { event, body, signature: sign(body, webhook.secret) };
  };

  const deliver = async (type, object) => {
    if (!webhook.url) throw new Error("fake Stripe: no webhookUrl configured");
    const { event, body, signature } = signedEvent(type, object);
    const delivery = { event, status: 0 };
    try {
      const response = await fetch(webhook.url, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    deliveries.push(delivery);
    return delivery;
  };

  /** Sends the events in order, each after the previous one was answered; nothing without a webhookUrl. */
  const emit = async (...events) => {
    if (!webhook.url) return;
    for (const [type, object] of events) await deliver(type, object);
  };

  // --- state changes shared by the API, the hosted pages, the helpers and /__control --------

  const createCustomer = ({ email = null, name = null, metadata = {} } = {}) => {
    const customer = { id: newId("cus"), object: "customer", created: now(), email, name, metadata, livemode: false };
    customers.set(customer.id, customer);
    return customer;
  };

  const createInvoice = (subscription, { status, billingReason }) => {
    const invoice = {
      id: newId("in"),
      object: "invoice",
      created: now(),
      customer: subscription.customer,
      status,
      billing_reason: billingReason,
      livemode: false,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };

  const pay = async (sessionId) => {
    const session = find(sessions, sessionId, "checkout session");
    // A second Pay (double submit, back button) changes nothing: Checkout completes once.
    if (session.status === "complete") return subscriptions.get(session.subscription);
    const { lineItems, subscriptionMetadata } = checkoutDetails.get(sessionId);
    const customerId = session.customer ?? createCustomer({ email: session.customer_email }).id;
    const start = now();
    const subscription = {
      id: newId("sub"),
      object: "subscription",
      customer: customerId,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      livemode: false,
      metadata: { ...subscriptionMetadata },
      items: {
        object: "list",
        data: lineItems.map((item) => ({
          id: newId("si"),
          object: "subscription_item",
          price: { id: item.price, object: "price" },
          quantity: item.quantity,
          current_period_start: start,
          current_period_end: start + PERIOD_SECONDS,
        })),
      },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, { customer: customerId, status: "complete", payment_status: "paid", subscription: subscription.id });
    const invoice = createInvoice(subscription, { status: "paid", billingReason: "subscription_create" });
    await emit(["checkout.session.completed", session], ["customer.subscription.created", subscription], ["invoice.paid", invoice]);
    return subscription;
  };

  const setCancelAtPeriodEnd = async (subscriptionId, cancel) => {
    const subscription = find(subscriptions, subscriptionId, "subscription");
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? periodEnd(subscription) : null;
    await emit(["customer.subscription.updated", subscription]);
    return subscription;
  };

  const endPeriod = async (subscriptionId) => {
    const subscription = find(subscriptions, subscriptionId, "subscription");
    if (subscription.status === "canceled") throw new Error(`fake Stripe: subscription ${subscriptionId} is already canceled`);
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now() });
      await emit(["customer.subscription.deleted", subscription]);
      return subscription;
    }
    for (const item of subscription.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end += PERIOD_SECONDS;
    }
    subscription.status = "active";
    const invoice = createInvoice(subscription, { status: "paid", billingReason: "subscription_cycle" });
    await emit(["invoice.paid", invoice], ["customer.subscription.updated", subscription]);
    return subscription;
  };

  const failPayment = async (subscriptionId) => {
    const subscription = find(subscriptions, subscriptionId, "subscription");
    subscription.status = "past_due";
    const invoice = createInvoice(subscription, { status: "open", billingReason: "subscription_cycle" });
    await emit(["invoice.payment_failed", invoice], ["customer.subscription.updated", subscription]);
    return subscription;
  };

  const controlActions = {
    pay,
    endPeriod,
    cancelAtPeriodEnd: (id) => setCancelAtPeriodEnd(id, true),
    failPayment,
  };

  // --- the API ----------------------------------------------------------------------------

  /** Each route answers [status, body]; `params` is the parsed form body. */
  const routes = [
    ["POST", /^\/v1\/customers$/, (params) => [200, createCustomer({ email: params.email, name: params.name, metadata: params.metadata })]],
    ["GET", /^\/v1\/customers\/([^/]+)$/, (_, id) => retrieve(customers, id, "customer")],
    ["POST", /^\/v1\/checkout\/sessions$/, (params) => createCheckoutSession(params)],
    ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (_, id) => retrieve(sessions, id, "checkout.session")],
    ["GET", /^\/v1\/subscriptions\/([^/]+)$/, (_, id) => retrieve(subscriptions, id, "subscription")],
    ["POST", /^\/v1\/subscriptions\/([^/]+)$/, (params, id) => updateSubscription(id, params)],
    ["GET", /^\/v1\/invoices\/([^/]+)$/, (_, id) => retrieve(invoices, id, "invoice")],
    ["POST", /^\/v1\/billing_portal\/sessions$/, (params) => createPortalSession(params)],
  ];

  const createCheckoutSession = (params) => {
    if (!params.mode) return [400, missingParam("mode")];
    if (!params.success_url) return [400, missingParam("success_url")];
    if (params.customer && !customers.has(params.customer)) return [400, noSuch("customer", params.customer, "customer")];
    const lineItems = (params.line_items ?? []).map((item) => ({ price: item.price, quantity: Number(item.quantity ?? 1) }));
    if (lineItems.length === 0 || lineItems.some((item) => !item.price)) return [400, missingParam("line_items")];
    const id = `cs_test_${randomId()}`;
    const session = {
      id,
      object: "checkout.session",
      created: now(),
      url: `${baseUrl}/checkout/${id}`,
      mode: params.mode,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      status: "open",
      payment_status: "unpaid",
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      subscription: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      livemode: false,
    };
    sessions.set(id, session);
    checkoutDetails.set(id, { lineItems, subscriptionMetadata: params.subscription_data?.metadata ?? {} });
    return [200, session];
  };

  const updateSubscription = async (id, params) => {
    const subscription = subscriptions.get(id);
    if (!subscription) return [404, noSuch("subscription", id)];
    if (params.metadata) Object.assign(subscription.metadata, params.metadata);
    if (params.cancel_at_period_end !== undefined) return [200, await setCancelAtPeriodEnd(id, params.cancel_at_period_end === "true")];
    await emit(["customer.subscription.updated", subscription]);
    return [200, subscription];
  };

  const createPortalSession = (params) => {
    if (!params.customer) return [400, missingParam("customer")];
    if (!customers.has(params.customer)) return [400, noSuch("customer", params.customer, "customer")];
    const id = newId("bps");
    const portal = {
      id,
      object: "billing_portal.session",
      created: now(),
      customer: params.customer,
      return_url: params.return_url ?? null,
      url: `${baseUrl}/portal/${id}`,
      livemode: false,
    };
    portalSessions.set(id, portal);
    return [200, portal];
  };

  const handleApi = async (req, res, path) => {
    const apiKey = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!apiKey?.startsWith("sk_")) {
      const message = apiKey ? `Invalid API Key provided: ${apiKey.slice(0, 8)}***` : "You did not provide an API key.";
      return sendStripeJson(res, 401, { error: { type: "invalid_request_error", message } });
    }
    const route = matchRoute(routes, req.method, path);
    if (!route) return sendStripeJson(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path}).` } });
    const rawBody = await readBody(req);
    const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
    const fingerprint = `${req.method} ${path} ${rawBody}`;
    if (key) {
      const earlier = idempotent.get(key);
      if (earlier && earlier.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return sendStripeJson(res, 400, { error: { type: "idempotency_error", message } });
      }
      if (earlier) return sendStripeJson(res, earlier.status, earlier.body, { "idempotent-replayed": "true" });
    }
    const [status, body] = await route.handler(parseForm(rawBody), route.id);
    // Stored as sent: a replay answers the object as it was then, not as it is now.
    if (key) idempotent.set(key, { fingerprint, status, body: structuredClone(body) });
    return sendStripeJson(res, status, body);
  };

  // --- hosted pages -----------------------------------------------------------------------

  const handlePage = async (req, res, path) => {
    const [, kind, id, action] = path.split("/");
    if (kind === "checkout") {
      const session = sessions.get(id);
      if (!session) return sendHtml(res, 404, page("Fake Stripe Checkout", "<p>No such checkout session.</p>"));
      if (req.method === "GET" && !action) return sendHtml(res, 200, checkoutPage(session, checkoutDetails.get(id)));
      if (req.method === "POST" && action === "pay") {
        await pay(id);
        return redirect(res, session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id));
      }
    }
    if (kind === "portal") {
      const portal = portalSessions.get(id);
      if (!portal) return sendHtml(res, 404, page("Fake Stripe Customer Portal", "<p>No such portal session.</p>"));
      const owned = [...subscriptions.values()].filter((s) => s.customer === portal.customer);
      if (req.method === "GET" && !action) return sendHtml(res, 200, portalPage(portal, owned));
      if (req.method === "POST" && action === "cancel") {
        const chosen = parseForm(await readBody(req)).subscription;
        const subscription = owned.find((s) => (chosen ? s.id === chosen : isCancelable(s)));
        if (subscription) await setCancelAtPeriodEnd(subscription.id, true);
        return redirect(res, portal.return_url ?? `${baseUrl}/portal/${id}`);
      }
    }
    return sendHtml(res, 404, page("Not found", "<p>Not found.</p>"));
  };

  // --- control ----------------------------------------------------------------------------

  const handleControl = async (req, res) => {
    if (req.method === "GET") {
      return sendStripeJson(res, 200, {
        webhookUrl: webhook.url,
        hasWebhookSecret: webhook.secret !== null,
        counts: {
          customers: customers.size,
          sessions: sessions.size,
          subscriptions: subscriptions.size,
          invoices: invoices.size,
          deliveries: deliveries.length,
        },
        subscriptions: [...subscriptions.values()].map((s) => ({
          id: s.id,
          customer: s.customer,
          status: s.status,
          cancel_at_period_end: s.cancel_at_period_end,
          current_period_end: periodEnd(s),
        })),
        deliveries: deliveries.slice(-20).map(({ event, status, error }) => ({ id: event.id, type: event.type, status, error })),
      });
    }
    const body = JSON.parse((await readBody(req)) || "{}");
    configure(body);
    if (body.action === undefined) return sendStripeJson(res, 200, { ok: true });
    if (!CONTROL_ACTIONS.has(body.action)) return sendStripeJson(res, 400, { error: `unknown action ${body.action}` });
    try {
      return sendStripeJson(res, 200, { ok: true, result: await controlActions[body.action](body.id) });
    } catch (error) {
      return sendStripeJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  };

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    try {
      if (req.method === "GET" && path === "/health") return sendStripeJson(res, 200, { ok: true });
      if (path === "/__control") return await handleControl(req, res);
      if (path.startsWith("/v1/")) return await handleApi(req, res, path);
      return await handlePage(req, res, path);
    } catch (error) {
      return sendStripeJson(res, 500, { error: { type: "api_error", message: error instanceof Error ? error.message : String(error) } });
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;

  return {
    url: baseUrl,
    port: actualPort,
    customers,
    sessions,
    subscriptions,
    invoices,
    deliveries,
    configure,
    pay,
    cancelAtPeriodEnd: (subscriptionId) => setCancelAtPeriodEnd(subscriptionId, true),
    endPeriod,
    failPayment,
    signedEvent,
    deliver,
    close: () =>
      new Promise((resolve) => {
        closing.abort();
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

// --- pages --------------------------------------------------------------------------------

function checkoutPage(session, { lineItems }) {
  const items = lineItems.map((item) => `<li>Price <code>${escapeHtml(item.price)}</code> × ${item.quantity}</li>`).join("");
  const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : "";
  return page(
    "Fake Stripe Checkout",
    `<ul>${items}</ul>
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Pay</button></form>
${cancel}`,
  );
}

function portalPage(portal, owned) {
  const rows = owned
    .map((s) => {
      const price = s.items.data[0]?.price.id ?? "";
      const ends = new Date(periodEnd(s) * 1000).toISOString().slice(0, 10);
      const when = s.status === "canceled" ? "Ended" : s.cancel_at_period_end ? `Cancels on ${ends}` : `Renews on ${ends}`;
      const cancel = isCancelable(s)
        ? `<form method="post" action="/portal/${escapeHtml(portal.id)}/cancel"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button type="submit">Cancel plan</button></form>`
        : "";
      return `<li>Plan <code>${escapeHtml(price)}</code> (${escapeHtml(s.status)}). ${when}.${cancel}</li>`;
    })
    .join("");
  const list = rows ? `<ul>${rows}</ul>` : "<p>No subscriptions.</p>";
  const back = portal.return_url ? `<a href="${escapeHtml(portal.return_url)}">Return</a>` : "";
  return page("Fake Stripe Customer Portal", `${list}\n${back}`);
}

function page(title, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1>
${body}
</body></html>`;
}

const isCancelable = (subscription) => subscription.status !== "canceled" && !subscription.cancel_at_period_end;

// --- helpers ------------------------------------------------------------------------------

/** Stripe's scheme: `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
function sign(body, secret) {
  const timestamp = now();
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** Form bodies with bracketed keys (`a[b][0][c]=v`) into nested objects, numeric keys into arrays. */
function parseForm(text) {
  const root = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head, ...rest] = key.split("[");
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ""))];
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else node = node[segment] ??= /^\d+$/.test(path[index + 1]) ? [] : {};
    });
  }
  return root;
}

function matchRoute(routes, method, path) {
  for (const [routeMethod, pattern, handler] of routes) {
    const match = method === routeMethod ? pattern.exec(path) : null;
    if (match) return { handler, id: match[1] && decodeURIComponent(match[1]) };
  }
  return null;
}

/** The stored object, or a thrown error naming what is missing (for the in-process helpers). */
function find(map, id, what) {
  const value = map.get(id);
  if (!value) throw new Error(`fake Stripe: no such ${what}: ${id}`);
  return value;
}

function retrieve(map, id, resource) {
  const value = map.get(id);
  return value ? [200, value] : [404, noSuch(resource, id)];
}

function noSuch(resource, id, param = "id") {
  return { error: { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${resource}: '${id}'` } };
}

function missingParam(param) {
  return { error: { type: "invalid_request_error", code: "parameter_missing", param, message: `Missing required param: ${param}.` } };
}

const periodEnd = (subscription) => subscription.items.data[0]?.current_period_end ?? null;
const now = () => Math.floor(Date.now() / 1000);
const randomId = () => randomBytes(12).toString("hex");
const newId = (prefix) => `${prefix}_${randomId()}`;

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Stripe's answers carry a request id. */
function sendStripeJson(res, status, body, headers = {}) {
  sendJson(res, status, body, { "request-id": newId("req"), ...headers });
}

function sendHtml(res, status, html) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

function redirect(res, location) {
  res.writeHead(303, { location });
  res.end();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeStripe({
    port: Number(process.env.FAKE_STRIPE_PORT ?? 3106),
    webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL || undefined,
    webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET || undefined,
  });
  console.log(`fake Stripe on ${fake.url}`);
  const stop = async () => {
    await fake.close();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

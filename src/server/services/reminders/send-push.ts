import http from "node:http";
import https from "node:https";

import webPush from "web-push";

import type { DbClient } from "~/server/db/client";
import { deletePushSubscriptionById, listPushSubscriptions, markPushDelivered, type PushSubscriptionRow } from "~/server/db/queries/reminders";
import { logger } from "~/server/logger";

import { isSendableIpLiteral, parsePushEndpoint, publicOnlyLookup } from "./push-endpoint";
import { vapidKeys } from "./vapid-keys";

/** What the service worker (public/sw-push.js) shows: the notification's title and body, and where a click goes. */
export type PushMessage = { title: string; body: string; url: string };

export type PushOutcome = "sent" | "gone" | "refused" | "failed";

const TIMEOUT_MS = 10_000;
/** A digest is worth little a day later; the push service may drop it after that. */
const TTL_SECONDS = 12 * 3600;

/**
 * Sends one message to every subscription of the learner: web-push encrypts it (RFC 8291,
 * aes128gcm) and signs the VAPID header; the request goes out here, on a connection whose address
 * is checked to be public. A 404 or 410 means the browser unsubscribed: the row is deleted.
 */
export async function sendPushToLearner(db: DbClient, { userId, message }: { userId: number; message: PushMessage }): Promise<PushOutcome[]> {
  const subscriptions = await listPushSubscriptions(db, userId);
  return Promise.all(subscriptions.map((subscription) => sendPush(db, subscription, message)));
}

async function sendPush(db: DbClient, subscription: PushSubscriptionRow, message: PushMessage): Promise<PushOutcome> {
  const keys = await vapidKeys();
  let url: URL;
  try {
    url = parsePushEndpoint(subscription.endpoint);
  } catch {
    return "refused";
  }
  if (!isSendableIpLiteral(url)) return "refused";
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    { vapidDetails: keys, TTL: TTL_SECONDS, contentEncoding: "aes128gcm", urgency: "normal" },
  );
  let status: number;
  try {
    status = await post(url, details.headers, details.body ?? Buffer.alloc(0));
  } catch (error) {
    const refused = (error as NodeJS.ErrnoException).code === "EPUSHPRIVATE";
    logger.warn("push not sent", { subscriptionId: subscription.id, error: error instanceof Error ? error.message : String(error) });
    return refused ? "refused" : "failed";
  }
  if (status === 404 || status === 410) {
    await deletePushSubscriptionById(db, subscription.id);
    return "gone";
  }
  if (status >= 200 && status < 300) {
    await markPushDelivered(db, subscription.id, new Date());
    return "sent";
  }
  logger.warn("push service refused a message", { subscriptionId: subscription.id, status });
  return "failed";
}

function post(url: URL, headers: Record<string, string | number>, body: Buffer): Promise<number> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: "POST", headers, lookup: publicOnlyLookup, timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("push service timed out")));
    request.on("error", reject);
    request.end(body);
  });
}

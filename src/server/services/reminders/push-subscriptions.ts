import { MAX_PUSH_SUBSCRIPTIONS, REMINDER_MESSAGES } from "~/lib/rules/reminders";
import type { PushSubscriptionInput } from "~/lib/schemas/reminders";
import type { DbClient } from "~/server/db/client";
import { countPushSubscriptions, deletePushSubscription, upsertPushSubscription } from "~/server/db/queries/reminders";
import { AppError } from "~/server/errors";

import { assertPublicPushEndpoint } from "./push-endpoint";
import { vapidKeys } from "./vapid-keys";

/** GET /api/push/vapid-public-key: what the browser passes to pushManager.subscribe as applicationServerKey. */
export async function getVapidPublicKey(): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys()).publicKey };
}

/** POST /api/push/subscriptions: keeps the browser's subscription (an https endpoint on a public address only). */
export async function subscribePush(db: DbClient, userId: number, input: PushSubscriptionInput): Promise<{ endpoint: string; subscribed: true }> {
  await assertPublicPushEndpoint(input.endpoint);
  if ((await countPushSubscriptions(db, userId)) >= MAX_PUSH_SUBSCRIPTIONS) throw new AppError("UNPROCESSABLE", REMINDER_MESSAGES.tooManySubscriptions);
  await upsertPushSubscription(db, { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
  return { endpoint: input.endpoint, subscribed: true };
}

/** DELETE /api/push/subscriptions: forgets one of the learner's subscriptions (again, or another's: no change). */
export async function unsubscribePush(db: DbClient, userId: number, endpoint: string): Promise<{ endpoint: string; subscribed: false }> {
  await deletePushSubscription(db, { userId, endpoint });
  return { endpoint, subscribed: false };
}

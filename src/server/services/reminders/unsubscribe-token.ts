import { createHmac, timingSafeEqual } from "node:crypto";

import { env } from "~/env";
import { REMINDER_CHANNELS, type ReminderChannel } from "~/lib/rules/reminders";

/**
 * The token of a reminder's unsubscribe link: `<userId>.<channel>.<HMAC-SHA256>`, keyed with
 * NEXTAUTH_SECRET. It names the learner and the channel and never expires (a mail read a year
 * later must still unsubscribe); without the secret nobody can make one for another learner.
 */
const PURPOSE = "coursecraft:reminders-unsubscribe";

function secret(): string {
  if (!env.NEXTAUTH_SECRET) throw new Error("NEXTAUTH_SECRET is needed to sign unsubscribe links");
  return env.NEXTAUTH_SECRET;
}

const mac = (userId: number, channel: ReminderChannel) => createHmac("sha256", secret()).update(`${PURPOSE}:${userId}:${channel}`).digest();

export function unsubscribeToken(userId: number, channel: ReminderChannel): string {
  return `${userId}.${channel}.${mac(userId, channel).toString("base64url")}`;
}

/** The learner and channel a token names, or null when it is malformed or forged. */
export function readUnsubscribeToken(token: string): { userId: number; channel: ReminderChannel } | null {
  const match = /^([1-9][0-9]{0,9})\.([a-z]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const channel = REMINDER_CHANNELS.find((known) => known === match[2]);
  if (!channel || userId > 2_147_483_647) return null;
  const given = Buffer.from(match[3]!, "base64url");
  const expected = mac(userId, channel);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, channel } : null;
}

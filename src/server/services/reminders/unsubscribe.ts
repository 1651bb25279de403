import { REMINDER_MESSAGES, type ReminderChannel } from "~/lib/rules/reminders";
import type { DbClient } from "~/server/db/client";
import { turnReminderChannelOff } from "~/server/db/queries/reminders";
import { AppError } from "~/server/errors";

import { readUnsubscribeToken } from "./unsubscribe-token";

/** The channel a link's token names; a malformed or forged token is a 400. */
export function unsubscribeTarget(token: string | null): { userId: number; channel: ReminderChannel } {
  const target = token ? readUnsubscribeToken(token) : null;
  if (!target) throw new AppError("BAD_REQUEST", REMINDER_MESSAGES.badUnsubscribeLink);
  return target;
}

/** POST /api/reminders/unsubscribe?token=…: turns the token's channel off (again: no change). */
export async function unsubscribe(db: DbClient, token: string | null): Promise<{ channel: ReminderChannel }> {
  const target = unsubscribeTarget(token);
  await turnReminderChannelOff(db, target);
  return { channel: target.channel };
}

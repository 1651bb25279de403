import { DEFAULT_REMINDER_HOUR, REMINDER_KINDS, type ReminderKind } from "~/lib/rules/reminders";
import type { ReminderSettingsInput, ReminderSettingsView } from "~/lib/schemas/reminders";
import type { Db, DbClient } from "~/server/db/client";
import { getUserTimeZone } from "~/server/db/queries/gamification";
import { findReminderSettings, saveReminderSettings } from "~/server/db/queries/reminders";

const asKinds = (kinds: readonly string[]): ReminderKind[] => REMINDER_KINDS.filter((kind) => kinds.includes(kind));

/** GET /api/user/reminders: the learner's settings, or the defaults (every channel off) when never saved. */
export async function getReminderSettings(db: DbClient, userId: number): Promise<ReminderSettingsView> {
  const [settings, { timeZone }] = await Promise.all([findReminderSettings(db, userId), getUserTimeZone(db, userId)]);
  if (!settings) return { email: false, push: false, hour: DEFAULT_REMINDER_HOUR, timeZone, kinds: [...REMINDER_KINDS] };
  return { email: settings.email, push: settings.push, hour: settings.hour, timeZone, kinds: asKinds(settings.kinds) };
}

/** PUT /api/user/reminders: the settings, and the time zone (User.timeZone, which the streak's days follow too). */
export async function updateReminderSettings(db: Db, userId: number, input: ReminderSettingsInput): Promise<ReminderSettingsView> {
  const { timeZone, ...settings } = input;
  await saveReminderSettings(db, { userId, settings, timeZone });
  return { ...settings, timeZone };
}

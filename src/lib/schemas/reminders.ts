import { z } from "zod";

import { decimalSchema, wholeNumberSchema } from "~/lib/schemas/common";
import { isIanaTimeZone, MAX_PUSH_ENDPOINT_LENGTH, REMINDER_KINDS, REMINDER_MESSAGES } from "~/lib/rules/reminders";

export const reminderSettingsOutput = z.object({
  email: z.boolean(),
  push: z.boolean(),
  hour: z.number().int(),
  timeZone: z.string(),
  kinds: z.array(z.enum(REMINDER_KINDS)),
});
export type ReminderSettingsView = z.infer<typeof reminderSettingsOutput>;

export const reminderSettingsInput = z
  .object({
    email: z.boolean(),
    push: z.boolean(),
    hour: wholeNumberSchema("hour", {
      min: 0,
      max: 23,
      minMessage: REMINDER_MESSAGES.hour,
      maxMessage: REMINDER_MESSAGES.hour,
      wholeMessage: REMINDER_MESSAGES.hour,
    }),
    timeZone: z.string().max(64, REMINDER_MESSAGES.unknownTimeZone).refine(isIanaTimeZone, REMINDER_MESSAGES.unknownTimeZone),
    kinds: z
      .array(z.enum(REMINDER_KINDS, { error: REMINDER_MESSAGES.unknownKind }))
      .max(REMINDER_KINDS.length)
      .transform((kinds) => REMINDER_KINDS.filter((kind) => kinds.includes(kind))),
  })
  .strict();
export type ReminderSettingsInput = z.infer<typeof reminderSettingsInput>;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, "must be base64url");

/** The browser's PushSubscription.toJSON(): endpoint, expirationTime (not used) and keys. */
export const pushSubscriptionInput = z
  .object({
    endpoint: z.string().min(1).max(MAX_PUSH_ENDPOINT_LENGTH),
    expirationTime: decimalSchema("expirationTime", { min: 0 }).nullable().optional(),
    keys: z.object({ p256dh: base64url(200), auth: base64url(100) }).strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushEndpointInput = z.object({ endpoint: z.string().min(1).max(MAX_PUSH_ENDPOINT_LENGTH) }).strict();

export const vapidPublicKeyOutput = z.object({ publicKey: z.string() });
export const pushSubscriptionOutput = z.object({ endpoint: z.string(), subscribed: z.boolean() });

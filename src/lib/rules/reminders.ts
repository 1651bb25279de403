/** Reminders and web push: what a learner may choose, and the words the API and the digest use. */

export const REMINDER_KINDS = ["due-cards", "streak", "assignments"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_CHANNELS = ["email", "push"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** What GET /api/user/reminders answers for a learner who never saved any (the schema's defaults). */
export const DEFAULT_REMINDER_HOUR = 18;

/** An assignment is mentioned when it is due within this many hours. */
export const ASSIGNMENT_HORIZON_HOURS = 48;

/** Push subscriptions one learner may keep (browsers and devices). */
export const MAX_PUSH_SUBSCRIPTIONS = 20;
export const MAX_PUSH_ENDPOINT_LENGTH = 2048;

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isIanaTimeZone(zone: string): boolean {
  // A name of the IANA database ("Europe/Paris", "Etc/GMT+2", "UTC"): newer engines also take offsets ("+02:00"), which are not names.
  if (!zone || zone.length > 64 || !IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const REMINDER_MESSAGES = {
  unknownTimeZone: "Unknown time zone: use an IANA name such as Europe/Paris",
  hour: "The hour is a whole number from 0 to 23",
  unknownKind: `Reminder kinds are ${REMINDER_KINDS.join(", ")}`,
  endpointNotHttps: "A push endpoint must be an https:// URL",
  endpointNotPublic: "A push endpoint must be on a public address",
  endpointUnresolvable: "The push endpoint's host does not resolve",
  tooManySubscriptions: `At most ${MAX_PUSH_SUBSCRIPTIONS} push subscriptions per account; remove one first`,
  badUnsubscribeLink: "This unsubscribe link is not valid",
} as const;

export type DigestCounts = { dueCards: number; streakDays: number; assignments: number };

/** The digest's words: a title and lines (the mail's subject and body, the notification's title and body). */
export function digestText(counts: DigestCounts, kinds: readonly ReminderKind[]): { title: string; lines: string[] } {
  const lines: string[] = [];
  if (kinds.includes("due-cards") && counts.dueCards > 0) {
    lines.push(counts.dueCards === 1 ? "1 card is due for review." : `${counts.dueCards} cards are due for review.`);
  }
  if (kinds.includes("streak") && counts.streakDays > 0) {
    lines.push(`Your ${counts.streakDays}-day streak ends tonight unless you study today.`);
  }
  if (kinds.includes("assignments") && counts.assignments > 0) {
    lines.push(counts.assignments === 1 ? "1 assignment is due within 48 hours." : `${counts.assignments} assignments are due within 48 hours.`);
  }
  const title = kinds.includes("due-cards") && counts.dueCards > 0 ? "Time to review" : "A reminder from CourseCraft";
  return { title, lines };
}

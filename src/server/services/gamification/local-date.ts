import { isIanaTimeZone } from "~/lib/rules/reminders";

/**
 * Calendar days in a learner's time zone, as "YYYY-MM-DD" strings. Day arithmetic is done on the
 * dates themselves (as UTC midnights), never by adding 24 hours to an instant, so a day with a DST
 * change (23 or 25 hours long) is still one day.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isValidTimeZone(zone: string): boolean {
  return isIanaTimeZone(zone);
}

/** The calendar day `instant` falls on in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, format);
  }
  return format.format(instant);
}

const toUtcMidnight = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / 86_400_000);
}

export function addDays(day: string, days: number): string {
  return new Date(toUtcMidnight(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A "YYYY-MM-DD" day as the Date PostgreSQL's `date` columns take and give. */
export const dateColumn = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const fromDateColumn = (date: Date) => date.toISOString().slice(0, 10);

/** The four ratings of a review, in the order of their keys (1-4). */
export const CARD_RATINGS = ["again", "hard", "good", "easy"] as const;
export type CardRatingName = (typeof CARD_RATINGS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** One decimal at most, without a trailing ".0": 1.25 → "1.3", 2 → "2". */
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/**
 * The time from `from` to `to` as the short label on a rating button: "1m", "10m", "3h", "4d",
 * "2.5mo", "1.2y". Anything under a minute reads "1m" (the smallest step a scheduler uses);
 * days are whole up to a month.
 */
export function formatInterval(from: Date | number, to: Date | number): string {
  const ms = Math.max(0, Number(to) - Number(from));
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))}m`;
  if (ms < DAY) return `${Math.round(ms / HOUR)}h`;
  if (ms < MONTH) return `${Math.round(ms / DAY)}d`;
  if (ms < YEAR) return `${oneDecimal(ms / MONTH)}mo`;
  return `${oneDecimal(ms / YEAR)}y`;
}

/** When the next card is due, for the empty state: "in 3 hours", "in 2 days", "in a few seconds". */
export function formatDueIn(now: Date | number, due: Date | number): string {
  const ms = Number(due) - Number(now);
  if (ms < MINUTE) return "in under a minute";
  const unit = (count: number, name: string) => `in ${count} ${name}${count === 1 ? "" : "s"}`;
  if (ms < HOUR) return unit(Math.round(ms / MINUTE), "minute");
  if (ms < DAY) return unit(Math.round(ms / HOUR), "hour");
  return unit(Math.round(ms / DAY), "day");
}

/** After a due time, the server's clock has passed it too (give or take the request's trip). */
const DUE_MARGIN_MS = 500;
/** A client clock ahead of the server's asks again at this pace until the server agrees. */
const MIN_DUE_WAIT_MS = 5_000;
/** Timers sleep with the machine, and setTimeout overflows past ~24.8 days: a long wait is checked hourly. */
const MAX_DUE_WAIT_MS = HOUR;

/**
 * How long a page showing due cards waits before asking again (React Query's `refetchInterval`):
 * until the next card falls due at `nextDueAt` (ISO 8601), or `false` when none will.
 */
export function untilNextDue(nextDueAt: string | null | undefined, now: number): number | false {
  if (!nextDueAt) return false;
  const wait = Date.parse(nextDueAt) - now + DUE_MARGIN_MS;
  return Number.isNaN(wait) ? false : Math.min(MAX_DUE_WAIT_MS, Math.max(MIN_DUE_WAIT_MS, wait));
}

/** Whether a card due at `nextDueAt` has fallen due by `now`: the page's count is out of date. */
export function hasFallenDue(nextDueAt: string | null | undefined, now: number): boolean {
  return nextDueAt ? Date.parse(nextDueAt) <= now : false;
}

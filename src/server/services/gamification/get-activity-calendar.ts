import type { DbClient } from "~/server/db/client";
import { countEventsPerDay, getUserTimeZone } from "~/server/db/queries/gamification";

import { addDays, dateColumn, fromDateColumn, localDateOf } from "./local-date";

/** The heatmap: learning events per local day over the last `weeks` weeks (whole weeks, ending today). */
export async function getActivityCalendar(db: DbClient, userId: number, { weeks, now = new Date() }: { weeks: number; now?: Date }) {
  const { timeZone } = await getUserTimeZone(db, userId);
  const today = localDateOf(now, timeZone);
  const first = addDays(today, -(weeks * 7 - 1));
  const rows = await countEventsPerDay(db, { userId, from: dateColumn(first) });
  const counts = new Map(rows.map((row) => [fromDateColumn(row.localDate), row.count]));
  const days = Array.from({ length: weeks * 7 }, (_, i) => addDays(first, i)).map((date) => ({ date, count: counts.get(date) ?? 0 }));
  return { timeZone, days };
}

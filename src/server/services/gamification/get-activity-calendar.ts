import type { DbClient } from "~/server/db/client";

import { addDays, dateColumn, fromDateColumn, localDateOf } from "./local-date";

/** The heatmap: learning events per local day over the last `weeks` weeks (whole weeks, ending today). */
export async function getActivityCalendar(db: DbClient, userId: number, { weeks, now = new Date() }: { weeks: number; now?: Date }) {
  const { timeZone } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true } });
  const today = localDateOf(now, timeZone);
  const first = addDays(today, -(weeks * 7 - 1));
  const rows = await db.activityEvent.groupBy({ by: ["localDate"], where: { userId, localDate: { gte: dateColumn(first) } }, _count: { _all: true } });
  const counts = new Map(rows.map((row) => [fromDateColumn(row.localDate), row._count._all]));
  const days = Array.from({ length: weeks * 7 }, (_, i) => addDays(first, i)).map((date) => ({ date, count: counts.get(date) ?? 0 }));
  return { timeZone, days };
}

import { momentLabel } from "~/lib/course-timeline";
import type { ReviewQueueCard } from "~/lib/schemas/cards";
import { formatTimestamp } from "~/lib/timestamps";
import type { DbClient } from "~/server/db";
import type { ReviewQueueRow } from "~/server/db/queries/cards";
import { selectVideosOfCourses } from "~/server/db/queries/transcript";

import { toCardView } from "./card-view";
import { previewIntervals } from "./fsrs";

/** Cards as a review session shows them: each with its moment as the course page labels it and each rating's next interval. */
export async function toQueueCards(db: DbClient, rows: readonly ReviewQueueRow[], now: Date, desiredRetention: number): Promise<ReviewQueueCard[]> {
  const timelines = await selectVideosOfCourses(db, [...new Set(rows.flatMap((row) => (row.timeSeconds === null ? [] : [row.courseId])))]);
  return rows.map((row) => {
    const schedule = { ...row, due: new Date(row.due), lastReview: row.lastReview === null ? null : new Date(row.lastReview) };
    return {
      ...toCardView(row),
      courseAvailable: row.courseAvailable,
      moment: row.timeSeconds === null ? null : momentLabel(timelines.get(row.courseId) ?? [], row.timeSeconds, formatTimestamp),
      intervals: previewIntervals(schedule, now, desiredRetention),
      fsrs: {
        stability: row.stability,
        difficulty: row.difficulty,
        elapsedDays: row.elapsedDays,
        scheduledDays: row.scheduledDays,
        learningSteps: row.learningSteps,
      },
    };
  });
}

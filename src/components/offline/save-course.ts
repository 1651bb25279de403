import type { ReviewQueue } from "~/lib/schemas/cards";
import type { CourseDetail } from "~/lib/schemas/course";
import type { Note } from "~/lib/schemas/notes";
import type { ProgressRecord } from "~/lib/schemas/progress";
import type { TranscriptSegment } from "~/lib/schemas/transcript";
import { claimStore, openOfflineDb } from "~/lib/offline/store";

import { setCourseSaved } from "./offline-flags";

async function get<T>(path: string): Promise<T | null> {
  const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Keeps a course on the device: its outline and contents, transcript, notes and progress, and the
 * learner's due cards of it, as the GET paths the course page and /review read answer them.
 */
export async function saveCourseOffline(courseId: number, userId: number): Promise<void> {
  const [detail, transcript, notes, progress, queue, settings] = await Promise.all([
    get<CourseDetail>(`/api/courses/${courseId}`),
    get<{ segments: TranscriptSegment[] }>(`/api/courses/${courseId}/transcript`),
    get<{ notes: Note[] }>(`/api/courses/${courseId}/notes`),
    get<ProgressRecord>(`/api/courses/${courseId}/progress`),
    get<ReviewQueue>("/api/review/queue"),
    get<{ result: { data: { json: { desiredRetention: number } } } }>("/api/trpc/review.settings"),
  ]);
  if (!detail) throw new Error("course not found");
  const db = openOfflineDb();
  try {
    await claimStore(db, userId);
    await db.transaction("rw", db.courses, db.cards, db.settings, async () => {
      await db.courses.put({
        id: courseId,
        title: detail.course.title,
        savedAt: new Date().toISOString(),
        detail,
        transcript: transcript?.segments ?? [],
        notes: notes?.notes ?? [],
        completedSections: progress?.completedSections ?? [],
      });
      await db.cards.where("courseId").equals(courseId).delete();
      const cards = (queue?.cards ?? []).filter((card) => card.courseId === courseId);
      await db.cards.bulkPut(
        cards.map((card) => ({
          id: card.id,
          courseId: card.courseId,
          courseTitle: card.courseTitle,
          front: card.front,
          back: card.back,
          moment: card.moment,
          due: card.due,
          state: card.state,
          reps: card.reps,
          lapses: card.lapses,
          lastReview: card.lastReview,
          ...card.fsrs,
        })),
      );
      const retention = settings?.result.data.json.desiredRetention;
      if (typeof retention === "number") await db.settings.put({ key: "desiredRetention", value: retention });
    });
  } finally {
    db.close();
  }
  setCourseSaved(courseId, true);
}

export async function removeCourseOffline(courseId: number): Promise<void> {
  const db = openOfflineDb();
  try {
    await db.transaction("rw", db.courses, db.cards, async () => {
      await db.courses.delete(courseId);
      await db.cards.where("courseId").equals(courseId).delete();
    });
  } finally {
    db.close();
  }
  setCourseSaved(courseId, false);
}

import Dexie, { type EntityTable, type Table } from "dexie";

import type { CardRatingName } from "~/lib/review";
import type { ReviewQueueCard } from "~/lib/schemas/cards";
import type { CourseDetail } from "~/lib/schemas/course";
import type { Note } from "~/lib/schemas/notes";
import type { TranscriptSegment } from "~/lib/schemas/transcript";

/** A course kept for offline use: what its GET paths answered when it was saved. */
export type SavedCourse = {
  id: number;
  title: string;
  savedAt: string;
  detail: CourseDetail;
  transcript: TranscriptSegment[];
  notes: Note[];
  completedSections: number[];
};

/** A due card kept on the device, with the schedule the device moves on as it is reviewed offline. */
export type SavedCard = Pick<ReviewQueueCard, "id" | "courseId" | "courseTitle" | "front" | "back" | "moment"> & {
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
};

/** Something done offline, waiting for the connection: a review, or a section completed. */
export type QueuedAction =
  | { clientId: string; kind: "review"; at: string; cardId: number; rating: CardRatingName }
  | { clientId: string; kind: "completion"; at: string; courseId: number; sectionId: number };

type Setting = { key: string; value: unknown };

export type OfflineDb = Dexie & {
  courses: EntityTable<SavedCourse, "id">;
  cards: EntityTable<SavedCard, "id">;
  queue: Table<QueuedAction, string>;
  settings: EntityTable<Setting, "key">;
};

/** The device's offline store (IndexedDB "coursecraft-offline"), one per name: tests open their own. */
export function openOfflineDb(name = "coursecraft-offline"): OfflineDb {
  const db = new Dexie(name) as OfflineDb;
  db.version(1).stores({ courses: "id", cards: "id, courseId, due", queue: "clientId, kind, at", settings: "key" });
  return db;
}

/** Whose data the store holds: another learner signing in on this device starts from an empty store. */
export async function claimStore(db: OfflineDb, userId: number): Promise<void> {
  const owner = await db.settings.get("userId");
  if (owner && owner.value !== userId) await Promise.all([db.courses.clear(), db.cards.clear(), db.queue.clear()]);
  await db.settings.put({ key: "userId", value: userId });
}

export async function desiredRetentionOf(db: OfflineDb): Promise<number> {
  const setting = await db.settings.get("desiredRetention");
  return typeof setting?.value === "number" ? setting.value : 0.9;
}

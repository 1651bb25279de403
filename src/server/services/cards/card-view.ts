import type { CardView } from "~/lib/schemas/cards";

export const CARD_NOT_FOUND = "Card not found";

type CardViewRow = {
  id: number;
  courseId: number;
  source: CardView["source"];
  front: string;
  back: string;
  timeSeconds: number | null;
  due: Date | string;
  state: number;
  reps: number;
  lapses: number;
  lastReview: Date | string | null;
  course?: { title: string };
  courseTitle?: string;
};

const isoOf = (value: Date | string) => (typeof value === "string" ? value : value.toISOString());

export function toCardView(row: CardViewRow): CardView {
  return {
    id: row.id,
    courseId: row.courseId,
    courseTitle: row.courseTitle ?? row.course?.title ?? "",
    source: row.source,
    front: row.front,
    back: row.back,
    timeSeconds: row.timeSeconds,
    due: isoOf(row.due),
    state: row.state,
    reps: row.reps,
    lapses: row.lapses,
    lastReview: row.lastReview === null ? null : isoOf(row.lastReview),
  };
}

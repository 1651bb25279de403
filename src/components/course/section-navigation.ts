/**
 * Pure rules of the course player: the sections in reading order, their neighbours, which
 * section the video is in, the percent done and where a learner resumes.
 */

export type PlayerSection = { id: number; title: string; order: number; content: string; timeStart: number };
export type PlayerChapter = { id: number; title: string; order: number; sections: PlayerSection[] };

/** A section with the chapter it belongs to and its place in the whole course. */
export type FlatSection = PlayerSection & { chapterId: number; index: number };

/** Every section in reading order: chapters by order, then their sections by order. */
export function flattenSections(chapters: readonly PlayerChapter[]): FlatSection[] {
  const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;
  const flat: FlatSection[] = [];
  for (const chapter of [...chapters].sort(byOrder)) {
    for (const section of [...chapter.sections].sort(byOrder)) flat.push({ ...section, chapterId: chapter.id, index: flat.length });
  }
  return flat;
}

export function neighbours(sections: readonly FlatSection[], currentId: number | null) {
  const index = sections.findIndex((section) => section.id === currentId);
  if (index < 0) return { previous: null, next: null, isLast: false };
  return { previous: sections[index - 1] ?? null, next: sections[index + 1] ?? null, isLast: index === sections.length - 1 };
}

/** Where the learner starts: the saved current section if it is still in the course, else the first. */
export function initialSectionId(sections: readonly FlatSection[], savedId: number | null | undefined): number | null {
  if (savedId != null && sections.some((section) => section.id === savedId)) return savedId;
  return sections[0]?.id ?? null;
}

/** The longest video a `?t=` moment can point into (seconds). */
const MAX_START_AT = 24 * 3600;

/** A `?t=` moment from the URL (the chat's timestamp links): whole seconds, else null. */
export function parseStartAt(raw: string | string[] | undefined): number | null {
  if (typeof raw !== "string" || !/^\d{1,5}$/.test(raw)) return null;
  const seconds = Number(raw);
  return seconds <= MAX_START_AT ? seconds : null;
}

/**
 * Where the player opens: at a linked moment, in the section playing then; otherwise at the
 * start of the saved current section (or the first).
 */
export function openingPoint(
  sections: readonly FlatSection[],
  savedId: number | null | undefined,
  startAt: number | null,
): { sectionId: number | null; seconds: number } {
  if (startAt !== null && sections.length > 0) return { sectionId: sectionAtTime(sections, startAt)?.id ?? null, seconds: startAt };
  const sectionId = initialSectionId(sections, savedId);
  return { sectionId, seconds: startSeconds(sections.find((section) => section.id === sectionId)) };
}

/** A section's start in the video: its timeStart, 0 when missing or negative. */
export function startSeconds(section: Pick<PlayerSection, "timeStart"> | null | undefined): number {
  const start = section?.timeStart;
  return typeof start === "number" && Number.isFinite(start) && start > 0 ? start : 0;
}

/** The section playing at `seconds`: the last one (reading order) whose start is at or before it. */
export function sectionAtTime(sections: readonly FlatSection[], seconds: number): FlatSection | null {
  let found: FlatSection | null = null;
  for (const section of sections) if (startSeconds(section) <= seconds) found = section;
  return found ?? sections[0] ?? null;
}

/**
 * The section the video has just played into, or null. The player follows the video only when it
 * moves forward over a section's start (prev < start <= now): a seek backwards, or a stale reading
 * right after a seek, never pulls the learner out of the section they chose.
 */
export function sectionCrossed(sections: readonly FlatSection[], previousSeconds: number | null, nowSeconds: number): FlatSection | null {
  if (previousSeconds === null || !(nowSeconds > previousSeconds)) return null;
  const crossed = sections.some((section) => {
    const start = startSeconds(section);
    return previousSeconds < start && start <= nowSeconds;
  });
  return crossed ? sectionAtTime(sections, nowSeconds) : null;
}

/** Completed sections of this course over all its sections, as a whole percent. */
export function progressPercent(sections: readonly Pick<FlatSection, "id">[], completedIds: readonly number[]): number {
  if (sections.length === 0) return 0;
  const done = new Set(completedIds);
  const count = sections.filter((section) => done.has(section.id)).length;
  return Math.round((count / sections.length) * 100);
}

export type SectionStatus = "done" | "current" | "not-started";

export function sectionStatus(sectionId: number, currentId: number | null, completedIds: ReadonlySet<number>): SectionStatus {
  if (sectionId === currentId) return "current";
  return completedIds.has(sectionId) ? "done" : "not-started";
}

/** "m:ss" (or "h:mm:ss") for a time in the video. */
export function formatTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

import type { OutlineView } from "~/lib/course-editing";
import { type CourseChange, courseChangeSchema } from "~/lib/schemas/editing";
import type { DbClient } from "~/server/db/client";
import { selectOutline } from "~/server/db/queries/editing";

/**
 * A course's outline as a version keeps it (CourseVersion.outline): what the course page shows
 * (titles, description, times, contents) and, per section, the ids of its quiz's questions in
 * order (null for a section without a quiz then, whose quiz a restore leaves as it is).
 */
export type StoredOutline = {
  title: string;
  description: string | null;
  chapters: {
    id: number;
    title: string;
    sections: { id: number; title: string; content: string; timeStart: number; timeEnd: number | null; questionIds: number[] | null }[];
  }[];
};

export async function readOutline(tx: DbClient, courseId: number): Promise<StoredOutline> {
  return (await selectOutline(tx, courseId)) as unknown as StoredOutline;
}

/** The outline without its question ids: what the page compares. */
export function outlineView(outline: StoredOutline): OutlineView {
  return {
    title: outline.title,
    description: outline.description,
    chapters: outline.chapters.map((chapter) => ({
      id: chapter.id,
      title: chapter.title,
      sections: chapter.sections.map(({ questionIds: _questions, ...section }) => section),
    })),
  };
}

/** The change a version records, as stored (one no longer readable reads as the generated outline). */
export const readChange = (stored: unknown): CourseChange => courseChangeSchema.catch({ kind: "generated" }).parse(stored);

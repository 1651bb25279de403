import type { OutlineView } from "~/lib/course-editing";
import type { DbClient } from "~/server/db/client";

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
  const course = await tx.course.findUniqueOrThrow({
    where: { id: courseId },
    select: {
      title: true,
      description: true,
      chapters: {
        orderBy: { order: "asc" },
        select: {
          id: true,
          title: true,
          sections: {
            orderBy: { order: "asc" },
            select: {
              id: true,
              title: true,
              content: true,
              timeStart: true,
              timeEnd: true,
              quiz: { select: { questions: { orderBy: { order: "asc" }, select: { id: true } } } },
            },
          },
        },
      },
    },
  });
  return {
    title: course.title,
    description: course.description,
    chapters: course.chapters.map((chapter) => ({
      id: chapter.id,
      title: chapter.title,
      sections: chapter.sections.map(({ quiz, ...section }) => ({ ...section, questionIds: quiz ? quiz.questions.map((q) => q.id) : null })),
    })),
  };
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

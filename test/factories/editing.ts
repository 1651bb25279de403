import type { DbClient } from "~/server/db";

import type { CourseOverrides } from "./course";
import { createQuiz, createQuizCourse } from "./quiz";

/** A course for the editing paths (services/editing), and the ids its edits name. */
export type EditableCourse = {
  id: number;
  chapterId: number;
  /** In outline order: section k covers k·60 to (k+1)·60 seconds. */
  sectionIds: number[];
  /** The quiz of the first section: three questions, about 0, 10 and 20 s. */
  questionIds: number[];
  /** The course's version (1 as made here; what an edit must name). */
  version: number;
};

/**
 * A ready course on the fixture video (372 s): one chapter of `sections` sections of 60 s each
 * (default 4) and a quiz of three questions on the first section. Never edited: version 1.
 */
export async function createEditableCourse(db: DbClient, overrides: CourseOverrides & { userId: number }, sections = 4): Promise<EditableCourse> {
  const { course, sections: rows } = await createQuizCourse(db, { sectionsPerChapter: sections, ...overrides });
  const quiz = await createQuiz(db, rows[0]!.id);
  return {
    id: course.id,
    chapterId: course.chapters[0]!.id,
    sectionIds: rows.map((section) => section.id),
    questionIds: quiz.questions.map((question) => question.id),
    version: course.version,
  };
}

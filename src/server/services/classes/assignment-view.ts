import type { AssignmentView } from "~/lib/schemas/assignments";
import type { AssignmentRow } from "~/server/db/queries/assignments";

/** An assignment with the caller's own progress on its course: completed when every section is. */
export function assignmentView(row: AssignmentRow): AssignmentView {
  const { sectionsDone, sectionsTotal, quizAverage, lastCompletedAt, ...fields } = row;
  const completedAt = sectionsTotal > 0 && sectionsDone >= sectionsTotal ? lastCompletedAt : null;
  return { ...fields, progress: { sectionsDone, sectionsTotal, quizAverage: quizAverage === null ? null : Math.round(quizAverage), completedAt } };
}

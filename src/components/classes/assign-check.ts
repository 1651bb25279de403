import { formText } from "~/lib/form-text";

import { endOfLocalDay, parseCourseReference } from "./format";
import { ASSIGNMENT_NOTE_MAX_LENGTH } from "~/lib/rules/classes";

export type AssignErrors = { course?: string; dueAt?: string; note?: string; form?: string };

type AssignmentCheck = { errors: AssignErrors; courseId: number | null; dueAt: string | null; note: string };

/**
 * The assign form's fields read and checked before they are sent: a pasted link or number wins
 * over the course picked in the list; the due day becomes the end of that day where the teacher is.
 */
export function checkAssignment(form: FormData): AssignmentCheck {
  const picked = formText(form, "course");
  const typed = formText(form, "courseRef").trim();
  const day = formText(form, "dueDay");
  const note = formText(form, "note").trim();
  const next: AssignErrors = {};
  let courseId: number | null = null;
  if (typed) {
    courseId = parseCourseReference(typed);
    if (courseId === null) next.course = "Paste a course's link (…/course/42) or type its number";
  } else if (picked) courseId = Number(picked);
  else next.course = "Choose one of your courses, or paste a public course's link";
  const dueAt = day ? endOfLocalDay(day) : null;
  if (day && dueAt === null) next.dueAt = "Pick a day such as 2026-12-24";
  if (note.length > ASSIGNMENT_NOTE_MAX_LENGTH) next.note = `A note can be at most ${ASSIGNMENT_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`;
  return { errors: next, courseId, dueAt, note };
}

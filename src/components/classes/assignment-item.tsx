import Link from "next/link";
import type { ReactNode } from "react";

import { Check } from "~/components/ui/icons/check";
import { Progress } from "~/components/ui/progress";
import type { AssignmentView } from "~/lib/schemas/assignments";

import { dueText, formatDate, quizText, sectionsText, type DueState } from "./format";

const DUE_TONES: Record<DueState, string> = {
  none: "text-muted-foreground",
  upcoming: "text-muted-foreground",
  today: "font-medium text-amber-800 dark:text-amber-300",
  overdue: "font-medium text-destructive dark:text-red-300",
  done: "text-muted-foreground",
};

/** "Done" beside a completed assignment's title. */
function DoneBadge() {
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-green-700 px-2.5 py-0.5 text-xs font-semibold text-white"
      data-testid="assignment-done"
    >
      <Check aria-hidden="true" className="size-3.5" />
      Done
    </span>
  );
}

/** A due date in words and as a date: "due in 3 days · Dec 24, 2026". */
function DueDate({ dueAt, completed, now }: { dueAt: string | null; completed: boolean; now: number }) {
  const due = dueText(dueAt, now, completed);
  if (dueAt === null) return <span className="text-muted-foreground">No due date</span>;
  return (
    <span data-testid="assignment-due" data-state={due.state}>
      <span className={DUE_TONES[due.state]}>{due.text.charAt(0).toUpperCase() + due.text.slice(1)}</span>
      <span className="text-muted-foreground">
        {" · "}
        <time dateTime={dueAt}>{formatDate(dueAt)}</time>
      </span>
    </span>
  );
}

type AssignmentItemProps = {
  assignment: AssignmentView;
  now: number;
  /** Names the class (lists across classes: the home page, /classes). */
  showClass?: boolean;
  /** A teacher's actions on it (delete). */
  actions?: ReactNode;
};

/** One assigned course as its learner sees it: the course, the due date, the teacher's note and their own progress. */
function AssignmentItem({ assignment, now, showClass = false, actions }: AssignmentItemProps) {
  const { progress } = assignment;
  const completed = progress.completedAt !== null;
  const quiz = quizText(progress.quizAverage);
  return (
    <li className="grid gap-3 p-4" data-testid="assignment" data-assignment-id={assignment.id} data-course-id={assignment.courseId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 font-semibold break-words" dir="auto">
              {assignment.available ? (
                <Link
                  href={`/course/${assignment.courseId}`}
                  className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {assignment.title}
                </Link>
              ) : (
                assignment.title
              )}
            </h3>
            {completed ? <DoneBadge /> : null}
          </div>
          {showClass ? (
            <p className="text-sm text-muted-foreground">
              Class:{" "}
              <Link
                href={`/classes/${assignment.classId}`}
                className="rounded-sm font-medium text-foreground underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {assignment.className}
              </Link>
            </p>
          ) : null}
          <p className="text-sm">
            <DueDate dueAt={assignment.dueAt} completed={completed} now={now} />
          </p>
          {assignment.available ? null : (
            <p className="text-sm text-muted-foreground">This course is not shared with the class at the moment: ask your teacher.</p>
          )}
          {assignment.note ? (
            <p className="text-sm break-words whitespace-pre-line" dir="auto" data-testid="assignment-note">
              {assignment.note}
            </p>
          ) : null}
        </div>
        <div className="grid shrink-0 gap-1.5 sm:w-52" data-testid="assignment-progress">
          <Progress value={progress.sectionsDone} max={Math.max(1, progress.sectionsTotal)} size="sm" label={`Your progress on ${assignment.title}`} />
          <p className="text-xs text-muted-foreground tabular-nums">
            {sectionsText(progress.sectionsDone, progress.sectionsTotal)}
            {" · "}
            {quiz === null ? "no quiz answers yet" : `quiz average ${quiz}`}
          </p>
        </div>
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </li>
  );
}

type AssignmentListProps = {
  assignments: AssignmentView[];
  now: number;
  showClass?: boolean;
  label: string;
  actions?: (assignment: AssignmentView) => ReactNode;
};

export function AssignmentList({ assignments, now, showClass, label, actions }: AssignmentListProps) {
  return (
    <ul aria-label={label} className="divide-y rounded-lg border bg-card text-card-foreground" data-testid="assignment-list">
      {assignments.map((assignment) => (
        <AssignmentItem key={assignment.id} assignment={assignment} now={now} showClass={showClass} actions={actions?.(assignment)} />
      ))}
    </ul>
  );
}

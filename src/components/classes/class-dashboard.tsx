"use client";

import Link from "next/link";
import { Fragment, useMemo, useState, type ReactNode } from "react";

import { momentHref } from "~/components/mastery/concepts";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ArrowRight } from "~/components/ui/icons/arrow-right";
import { Check } from "~/components/ui/icons/check";
import { Download } from "~/components/ui/icons/download";
import { Spinner } from "~/components/ui/spinner";
import { failureText } from "~/lib/failure-text";
import type { ClassDashboard as Dashboard } from "~/lib/schemas/assignments";
import { formatTimestamp } from "~/lib/timestamps";
import { api } from "~/trpc/react";

import {
  DEFAULT_SORT,
  nextSort,
  sameKey,
  sortMembers,
  standingOf,
  type DashboardMember,
  type DashboardSort,
  type MemberStanding,
  type SortKey,
} from "./dashboard-sort";
import { dueText, formatDate, formatDateTime, isOverdue, quizText, sectionsText } from "./format";
import { EmptyNote, LoadFailed } from "./states";
import { useMinuteClock } from "./use-now";

type DashboardAssignment = Dashboard["assignments"][number];

const CELL = "px-3 py-2 text-left align-top";

/** A column's header: a button that sorts by it, its state in aria-sort. */
function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  className,
  children,
}: {
  label: string;
  sortKey: SortKey;
  sort: DashboardSort;
  onSort: (key: SortKey) => void;
  className?: string;
  children?: ReactNode;
}) {
  const active = sameKey(sort.key, sortKey);
  return (
    <th scope="col" aria-sort={active ? sort.direction : "none"} className={cn(CELL, "font-medium", className)}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex max-w-48 items-start gap-1 rounded-sm text-left hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        data-testid="sort-button"
      >
        <span className="grid gap-0.5">
          <span className="line-clamp-2 break-words">{label}</span>
          {children}
        </span>
        <span aria-hidden="true" className={cn("shrink-0 text-xs", active ? "text-foreground" : "text-muted-foreground")}>
          {active ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

/** One member's standing on one assignment: sections, quiz average, and done or overdue. */
function StandingCell({ standing, dueAt, now }: { standing: MemberStanding; dueAt: string | null; now: number }) {
  const quiz = quizText(standing.quizAverage);
  const overdue = isOverdue(dueAt, standing.completedAt, now);
  return (
    <div className="grid gap-0.5 whitespace-nowrap" data-testid="standing">
      <span className="font-medium tabular-nums">
        <span aria-hidden="true">
          {standing.sectionsDone}/{standing.sectionsTotal}
        </span>
        <span className="sr-only">{sectionsText(standing.sectionsDone, standing.sectionsTotal)}</span>
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">{quiz === null ? "no answers" : `quiz ${quiz}`}</span>
      {standing.completedAt !== null ? (
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-green-800 dark:text-green-300" data-testid="standing-done">
          <Check aria-hidden="true" className="size-3.5" />
          Done
        </span>
      ) : overdue ? (
        <span className="text-xs font-semibold text-destructive dark:text-red-300" data-testid="standing-overdue">
          Overdue
        </span>
      ) : null}
    </div>
  );
}

/** A member's row opened: their progress on each assignment, in words. */
function MemberDetails({ member, assignments, now }: { member: DashboardMember; assignments: DashboardAssignment[]; now: number }) {
  return (
    <ul className="grid gap-2 py-1" aria-label={`${member.username}'s progress`} data-testid="member-details">
      {assignments.map((assignment) => {
        const standing = standingOf(member, assignment.id, assignment.sectionsTotal);
        const quiz = quizText(standing.quizAverage);
        const completed = standing.completedAt !== null;
        const due = dueText(assignment.dueAt, now, completed);
        return (
          <li key={assignment.id} className="grid gap-0.5 sm:flex sm:flex-wrap sm:items-baseline sm:gap-x-2">
            <span className="font-medium break-words" dir="auto">
              {assignment.title}:
            </span>{" "}
            <span>
              {sectionsText(standing.sectionsDone, standing.sectionsTotal)}, {quiz === null ? "no quiz answers yet" : `quiz average ${quiz}`}
              {completed && standing.completedAt ? `, done ${formatDate(standing.completedAt)}` : ""}
              {!completed && due.state === "overdue" ? <span className="font-medium text-destructive dark:text-red-300">, {due.text}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function ProgressTable({ dashboard, now }: { dashboard: Dashboard; now: number }) {
  const [sort, setSort] = useState<DashboardSort>(DEFAULT_SORT);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const totals = useMemo(() => new Map(dashboard.assignments.map((assignment) => [assignment.id, assignment.sectionsTotal])), [dashboard]);
  const rows = useMemo(() => sortMembers(dashboard.members, sort, totals), [dashboard, sort, totals]);
  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));
  const toggle = (userId: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  const columns = 2 + dashboard.assignments.length;

  // `relative`: the screen-reader-only texts of its cells are positioned, and must scroll with the table, not stretch the page.
  return (
    <div
      role="region"
      aria-labelledby="class-progress-title"
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border bg-card text-card-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      data-testid="progress-table-scroll"
    >
      <table className="w-full min-w-max border-collapse text-sm" data-testid="progress-table">
        <caption className="sr-only">
          Each member&apos;s progress on each assignment. Column headers sort the table; a member&apos;s name opens their progress in words.
        </caption>
        <thead className="border-b bg-muted">
          <tr>
            <SortHeader label="Member" sortKey={{ kind: "username" }} sort={sort} onSort={onSort} className="sticky left-0 z-10 bg-muted" />
            <SortHeader label="Last active" sortKey={{ kind: "lastActive" }} sort={sort} onSort={onSort} />
            {dashboard.assignments.map((assignment) => (
              <SortHeader key={assignment.id} label={assignment.title} sortKey={{ kind: "assignment", id: assignment.id }} sort={sort} onSort={onSort}>
                <span className="text-xs font-normal text-muted-foreground">{assignment.dueAt ? `due ${formatDate(assignment.dueAt)}` : "no due date"}</span>
              </SortHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((member) => {
            const expanded = open.has(member.userId);
            const detailsId = `member-${member.userId}-details`;
            return (
              <Fragment key={member.userId}>
                <tr className="border-b last:border-b-0" data-testid="member-row" data-username={member.username}>
                  <th scope="row" className={cn(CELL, "sticky left-0 z-10 bg-card font-medium")}>
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      onClick={() => toggle(member.userId)}
                      className="inline-flex max-w-40 items-center gap-1 rounded-sm text-left break-all hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:max-w-56"
                    >
                      <ArrowRight aria-hidden="true" className={cn("size-3.5 shrink-0 transition-transform", expanded && "rotate-90")} />
                      {member.username}
                    </button>
                  </th>
                  <td className={cn(CELL, "whitespace-nowrap text-muted-foreground")}>
                    {member.lastActiveAt ? <time dateTime={member.lastActiveAt}>{formatDateTime(member.lastActiveAt)}</time> : "Not yet"}
                  </td>
                  {dashboard.assignments.map((assignment) => (
                    <td key={assignment.id} className={CELL} data-assignment-id={assignment.id}>
                      <StandingCell standing={standingOf(member, assignment.id, assignment.sectionsTotal)} dueAt={assignment.dueAt} now={now} />
                    </td>
                  ))}
                </tr>
                {expanded ? (
                  <tr id={detailsId} className="border-b bg-muted/30">
                    <td colSpan={columns} className="px-3 py-2">
                      <div className="sticky left-3 max-w-[calc(100vw-4rem)] sm:max-w-2xl">
                        <MemberDetails member={member} assignments={dashboard.assignments} now={now} />
                      </div>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One assignment's most missed questions, each with its moment in the video, and the concepts the class masters least. */
function MissedForAssignment({ assignment }: { assignment: DashboardAssignment }) {
  const headingId = `missed-${assignment.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-lg border bg-card p-4 text-card-foreground"
      data-testid="missed-assignment"
    >
      <h3 id={headingId} className="font-semibold break-words" dir="auto">
        <Link
          href={`/course/${assignment.courseId}`}
          className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {assignment.title}
        </Link>
      </h3>
      {assignment.missed.length === 0 ? (
        <p className="text-sm text-muted-foreground">No question missed so far.</p>
      ) : (
        <ol className="grid gap-3" aria-label={`Most missed questions in ${assignment.title}`}>
          {assignment.missed.map((question) => (
            <li key={question.questionId} className="grid gap-1 text-sm" data-testid="missed-question" data-question-id={question.questionId}>
              <p className="break-words" dir="auto">
                {question.questionText}
              </p>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                <span className="font-medium text-foreground" data-testid="missed-by">
                  Missed by {question.missedBy} of {question.answeredBy}
                </span>
                {question.sourceTime !== null ? (
                  <Link
                    href={momentHref(assignment.courseId, question.sourceTime)}
                    aria-label={`Watch ${assignment.title} at ${formatTimestamp(question.sourceTime)}, where this question comes from`}
                    data-testid="missed-moment"
                    className="rounded bg-primary/10 px-1.5 font-mono whitespace-nowrap text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    ▶ {formatTimestamp(question.sourceTime)}
                  </Link>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      )}
      {assignment.weakestConcepts.length > 0 ? (
        <div className="grid gap-2 border-t pt-3">
          <h4 className="text-sm font-medium">Weakest concepts</h4>
          <ul className="grid gap-1 text-sm" data-testid="weakest-concepts">
            {assignment.weakestConcepts.map((concept) => (
              <li key={concept.conceptId} className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="break-words" dir="auto">
                  {concept.label}
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {Math.round(concept.mastery * 100)}% mastery · {concept.learners} learner{concept.learners === 1 ? "" : "s"}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}

/**
 * The owner's and teachers' view of a class (loaded with them only): members × assignments,
 * sortable, a member's row opening their progress; what the class missed; the CSV export.
 */
export default function ClassDashboard({ classId }: { classId: number }) {
  const dashboard = api.classes.dashboard.useQuery({ id: classId });
  const now = useMinuteClock();

  let table;
  if (dashboard.isPending)
    table = (
      <div className="flex justify-center py-6">
        <Spinner label="Loading the class's progress" />
      </div>
    );
  else if (dashboard.isError)
    table = <LoadFailed what="the class's progress" message={failureText(dashboard.error)} onRetry={() => void dashboard.refetch()} />;
  else if (dashboard.data.assignments.length === 0)
    table = <EmptyNote testId="dashboard-empty">Assign a course: each member&apos;s progress on it shows here.</EmptyNote>;
  else if (dashboard.data.members.length === 0) table = <EmptyNote testId="dashboard-empty">No members yet: send them the invite link.</EmptyNote>;
  else table = <ProgressTable dashboard={dashboard.data} now={now} />;

  return (
    <div className="grid min-w-0 gap-10" data-testid="class-dashboard">
      <section aria-labelledby="class-progress-title" className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="class-progress-title" className="text-xl font-semibold">
            Class progress
          </h2>
          <a
            href={`/api/classes/${classId}/export?format=csv`}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
            data-testid="export-csv"
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </div>
        <p className="text-sm text-muted-foreground">
          Sections done of each course, the quiz average, done or overdue. Only the courses you assign show here: never a member&apos;s notes, chat, cards or
          other courses.
        </p>
        {table}
      </section>
      {dashboard.data && dashboard.data.assignments.length > 0 ? (
        <section aria-labelledby="class-missed-title" className="grid gap-3">
          <h2 id="class-missed-title" className="text-xl font-semibold">
            What the class missed
          </h2>
          <p className="text-sm text-muted-foreground">The questions most members got wrong, with the moment of the video each is about.</p>
          <div className="grid gap-4 md:grid-cols-2">
            {dashboard.data.assignments.map((assignment) => (
              <MissedForAssignment key={assignment.id} assignment={assignment} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

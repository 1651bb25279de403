import { type ClassDashboard, MISSED_QUESTIONS_SHOWN, WEAKEST_CONCEPTS_SHOWN } from "~/lib/schemas/assignments";
import type { DbClient } from "~/server/db";
import { type DashboardCellRow, selectDashboard } from "~/server/db/queries/assignments";
import { findClassName } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";
import { consumeLimit, LIMITS } from "~/server/rate-limit";
import { neutraliseFormula } from "~/server/services/export/export-cards";
import { asciiFileName } from "~/server/services/export/moments";
import { MASTERY_PARAMETERS } from "~/server/services/mastery/model";

import { canManage } from "~/lib/class-roles";
import { STRONG_FROM } from "~/lib/mastery-bands";

import { roleIn } from "./view";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

/**
 * GET /api/classes/{id}/dashboard (owner and teachers; 403 for a member, 404 outside): each plain
 * member's standing on each assignment, and per assignment the questions the class missed most and
 * the concepts it masters least. Only what the class's assigned courses hold: never a member's
 * notes, chat, cards, e-mail or other courses.
 */
export async function classDashboard(db: DbClient, { userId, classId }: { userId: number; classId: number }): Promise<ClassDashboard> {
  if (!canManage(await roleIn(db, { classId, userId }))) throw new AppError("FORBIDDEN", CLASS_MESSAGES.teachersOnly);
  const { members, assignments, cells, missed, weakConcepts } = await selectDashboard(db, {
    classId,
    topMissed: MISSED_QUESTIONS_SHOWN,
    topConcepts: WEAKEST_CONCEPTS_SHOWN,
    prior: MASTERY_PARAMETERS.prior,
    halfLifeDays: MASTERY_PARAMETERS.halfLifeDays,
    strongFrom: STRONG_FROM,
  });
  const cellOf = new Map<string, DashboardCellRow>(cells.map((cell) => [`${cell.userId}:${cell.courseId}`, cell]));
  return {
    members: members.map(({ userId: memberId, username }) => {
      let lastActiveAt: string | null = null;
      const standing = assignments.map(({ id, courseId, sectionsTotal }) => {
        const cell = cellOf.get(`${memberId}:${courseId}`);
        if (cell?.lastActiveAt && (lastActiveAt === null || cell.lastActiveAt > lastActiveAt)) lastActiveAt = cell.lastActiveAt;
        const sectionsDone = Math.min(cell?.sectionsDone ?? 0, sectionsTotal);
        return {
          assignmentId: id,
          sectionsDone,
          sectionsTotal,
          quizAverage: cell?.quizAverage == null ? null : Math.round(cell.quizAverage),
          completedAt: sectionsTotal > 0 && sectionsDone >= sectionsTotal ? (cell?.lastCompletedAt ?? null) : null,
        };
      });
      return { userId: memberId, username, lastActiveAt, assignments: standing };
    }),
    assignments: assignments.map((assignment) => ({
      ...assignment,
      missed: missed
        .filter((row) => row.courseId === assignment.courseId)
        .map(({ questionId, questionText, missedBy, answeredBy, sectionId, sourceTime }) => ({
          questionId,
          questionText,
          missedBy,
          answeredBy,
          sectionId,
          sourceTime,
        })),
      weakestConcepts: weakConcepts
        .filter((row) => row.courseId === assignment.courseId)
        .map(({ conceptId, label, mastery, learners }) => ({ conceptId, label, mastery: Math.round(mastery * 1000) / 1000, learners })),
    })),
  };
}

/** A CSV cell (RFC 4180): formulas neutralised (OWASP), quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const cell = typeof value === "number" ? String(value) : neutraliseFormula(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * The dashboard as a spreadsheet: one row per member and assignment (username, last active,
 * assignment, course, due, sections done, of, quiz average, completed at, status).
 */
export function dashboardCsv(dashboard: ClassDashboard, now: Date): string {
  const header = [
    "username",
    "last_active_at",
    "assignment_id",
    "course_title",
    "due_at",
    "sections_done",
    "sections_total",
    "quiz_average",
    "completed_at",
    "status",
  ];
  const assignments = new Map(dashboard.assignments.map((assignment) => [assignment.id, assignment]));
  const lines = [header.join(",")];
  for (const member of dashboard.members) {
    for (const standing of member.assignments) {
      const assignment = assignments.get(standing.assignmentId)!;
      const overdue = standing.completedAt === null && assignment.dueAt !== null && Date.parse(assignment.dueAt) < now.getTime();
      const status = standing.completedAt !== null ? "done" : overdue ? "overdue" : standing.sectionsDone > 0 ? "in progress" : "not started";
      const row = [
        member.username,
        member.lastActiveAt,
        standing.assignmentId,
        assignment.title,
        assignment.dueAt,
        standing.sectionsDone,
        standing.sectionsTotal,
        standing.quizAverage,
        standing.completedAt,
        status,
      ];
      lines.push(row.map(csvCell).join(","));
    }
  }
  // A BOM, so that a spreadsheet opens the UTF-8 usernames and titles as UTF-8; CRLF as RFC 4180 says.
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export const CLASS_CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/** GET /api/classes/{id}/export?format=csv and classes.exportCsv (owner and teachers): the file's name and text. */
export async function classCsv(db: DbClient, { userId, classId, now = new Date() }: { userId: number; classId: number; now?: Date }) {
  const dashboard = await classDashboard(db, { userId, classId });
  await consumeLimit(LIMITS.classExportsPerUser, String(userId));
  const { name } = await findClassName(db, classId);
  return { fileName: asciiFileName(`${name} ${now.toISOString().slice(0, 10)}`, "csv", "class"), csv: dashboardCsv(dashboard, now) };
}

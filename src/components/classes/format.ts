/** How the class pages write due dates, progress and roles: pure, so the unit tests pin them down. */

import { MAX_DATABASE_ID } from "~/lib/ids";
import type { ClassRole } from "~/lib/schemas/classes";

const DAY_MS = 86_400_000;

/** Midnight of a moment's day, in the browser's time zone. */
function startOfDay(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days from `now`'s day to `time`'s day (negative when before), in the browser's time zone. */
function calendarDays(time: number, now: number): number {
  return Math.round((startOfDay(time) - startOfDay(now)) / DAY_MS);
}

export type DueState = "none" | "upcoming" | "today" | "overdue" | "done";

/**
 * A due date in words, beside the date itself: "due in 3 days", "due tomorrow", "due today",
 * "overdue", "overdue by 2 days"; a completed assignment is never overdue.
 */
export function dueText(dueAt: string | null, now: number, completed = false): { text: string; state: DueState } {
  if (dueAt === null) return { text: "no due date", state: completed ? "done" : "none" };
  const due = new Date(dueAt).getTime();
  const days = calendarDays(due, now);
  if (due < now) {
    if (completed) return { text: days === 0 ? "was due today" : `was due ${days === -1 ? "yesterday" : `${-days} days ago`}`, state: "done" };
    if (days >= 0) return { text: "overdue", state: "overdue" };
    return { text: `overdue by ${-days} day${days === -1 ? "" : "s"}`, state: "overdue" };
  }
  const state: DueState = completed ? "done" : days === 0 ? "today" : "upcoming";
  if (days <= 0) return { text: "due today", state };
  if (days === 1) return { text: "due tomorrow", state };
  return { text: `due in ${days} days`, state };
}

/** True when the due date has passed and the assignment is not done. */
export const isOverdue = (dueAt: string | null, completedAt: string | null, now: number) =>
  dueAt !== null && completedAt === null && new Date(dueAt).getTime() < now;

/** "Dec 24, 2026" in the reader's locale. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/** "Dec 24, 2026, 5:00 PM": for times a day is too coarse for (last active). */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** The last moment of a picked day (yyyy-mm-dd from a date input) in the browser's time zone, as an instant the server reads. */
export function endOfLocalDay(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Today in the browser's time zone as yyyy-mm-dd (a date input's `min`). */
export function localDay(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** "3 of 10 sections" */
export const sectionsText = (done: number, total: number) => `${done} of ${total} section${total === 1 ? "" : "s"}`;

/** "67%", or null before any answer. */
export const quizText = (average: number | null) => (average === null ? null : `${Math.round(average)}%`);

export const ROLE_LABELS: Record<ClassRole, string> = { owner: "Owner", teacher: "Teacher", member: "Member" };

/** "1 member", "12 members" */
export const membersText = (count: number) => `${count.toLocaleString("en-US")} member${count === 1 ? "" : "s"}`;

/**
 * The course id in what a teacher typed: a number ("42"), or a course's address
 * ("https://…/course/42", "/course/42?t=10"). Null for anything else.
 */
export function parseCourseReference(text: string): number | null {
  const trimmed = text.trim();
  const match = /^(\d{1,10})$/.exec(trimmed) ?? /(?:^|\/)course\/(\d{1,10})(?:[/?#]|$)/.exec(trimmed);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= MAX_DATABASE_ID ? id : null;
}

/** An invite link as typed or pasted: its code (the last path segment of /join/{code}), or the text itself. */
export function inviteCodeFrom(text: string): string {
  const trimmed = text.trim();
  const match = /\/join\/([^/?#\s]+)/.exec(trimmed);
  if (!match) return trimmed;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

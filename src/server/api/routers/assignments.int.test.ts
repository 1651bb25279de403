/** Assignments and the class dashboard through createTestCaller on a real database: access they give and take, progress, what the class missed. */
import { describe, expect, test } from "vitest";

import { csvCell, dashboardCsv } from "~/server/services/classes/dashboard";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { bearer, createApiTokenRow, createCourse, createUser, sectionsOf } from "../../../../test/factories";
import { createAssignmentRow, createClassRow } from "../../../../test/factories/classes";
import { createCourseConcept } from "../../../../test/factories/concepts";
import { createQuiz, createQuizCourse } from "../../../../test/factories/quiz";
import { routeCall } from "../../../../test/http";
import { ASSIGNMENT_MESSAGES, CLASS_MESSAGES } from "~/lib/rules/classes";
import { MAX_CLASS_ASSIGNMENTS } from "~/lib/rules/classes";

const as = async (user: { id: number }) => (await createTestCaller({ user })).caller;
const anyTime: unknown = expect.any(String);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A teacher's class (owner), a second teacher, two members and an outsider; the owner's private quiz course. */
async function classroom() {
  const [owner, teacher, member, second, outsider] = await Promise.all([createUser(db), createUser(db), createUser(db), createUser(db), createUser(db)]);
  const room = await createClassRow(db, {
    ownerId: owner.id,
    members: [{ userId: teacher.id, role: "teacher" }, { userId: member.id }, { userId: second.id }],
  });
  const { course, sections } = await createQuizCourse(db, { userId: owner.id });
  const quiz = await createQuiz(db, sections[0]!.id, [
    { options: ["A1", "B1", "C1", "D1"], correctAnswer: "A1", questionText: "Which is first?", sourceTime: 12 },
    { options: ["A2", "B2", "C2", "D2"], correctAnswer: "A2", questionText: "Which is second?", sourceTime: 30 },
  ]);
  const questions = await db.quizQuestion.findMany({ where: { quizId: quiz.id }, orderBy: { order: "asc" } });
  const callers = { owner: await as(owner), teacher: await as(teacher), member: await as(member), second: await as(second), outsider: await as(outsider) };
  return { owner, teacher, member, second, outsider, classId: room.id, course, sections, quiz, questions, callers };
}

describe("assigning a course", () => {
  test("the owner assigns their private course with a due date and note; members open it, and see it with their progress", async () => {
    const { classId, course, callers } = await classroom();
    await expectTRPCError(callers.member.course.byId({ id: course.id }), "NOT_FOUND", "Course Not Found");
    const dueAt = inDays(3);
    const { assignment } = await callers.owner.classes.assign({ id: classId, courseId: course.id, dueAt, note: "  Watch   the first part " });
    expect(assignment).toMatchObject({ classId, courseId: course.id, title: course.title, dueAt, note: "Watch the first part", available: true });
    expect(assignment.progress).toEqual({ sectionsDone: 0, sectionsTotal: 3, quizAverage: null, completedAt: null });

    expect((await callers.member.course.byId({ id: course.id })).course).toMatchObject({ id: course.id, isOwner: false, isPublic: false });
    const mine = await callers.member.assignments.mine();
    expect(mine.assignments.map((a) => a.id)).toEqual([assignment.id]);
    expect((await callers.member.classes.assignments({ id: classId })).assignments).toHaveLength(1);
    // Someone outside the class still cannot see it, nor the class's assignments.
    await expectTRPCError(callers.outsider.course.byId({ id: course.id }), "NOT_FOUND", "Course Not Found");
    await expectTRPCError(callers.outsider.classes.assignments({ id: classId }), "NOT_FOUND", CLASS_MESSAGES.notFound);
    expect((await callers.outsider.assignments.mine()).assignments).toEqual([]);
  });

  test("a free member who has used the month's course still opens every assigned course, and it counts toward nothing", async () => {
    const { classId, course, member, callers } = await classroom();
    const month = new Date().toISOString().slice(0, 7);
    await db.monthlyUsage.create({ data: { userId: member.id, month, coursesCreated: 1 } });
    await createAssignmentRow(db, { classId, courseId: course.id });
    expect((await callers.member.course.byId({ id: course.id })).course.id).toBe(course.id);
    expect(await callers.member.subscription.get()).toMatchObject({ subscriptionTier: "free", coursesCreatedThisMonth: 1, monthlyLimit: 1 });
    expect(await db.monthlyUsage.findMany({ where: { userId: member.id }, select: { month: true, coursesCreated: true } })).toEqual([
      { month, coursesCreated: 1 },
    ]);
  });

  test("a day as the due date means its end (UTC); past dates, bad dates and long notes are refused", async () => {
    const { classId, course, callers } = await classroom();
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const { assignment } = await callers.owner.classes.assign({ id: classId, courseId: course.id, dueAt: day });
    expect(assignment.dueAt).toBe(`${day}T23:59:59.999Z`);
    await expectValidationError(callers.owner.classes.assign({ id: classId, courseId: course.id, dueAt: "2020-01-01" }), "A due date must be in the future");
    await expectValidationError(
      callers.owner.classes.assign({ id: classId, courseId: course.id, dueAt: "next friday" }),
      "dueAt must be a date such as 2026-12-24 or 2026-12-24T17:00:00Z",
    );
    await expectValidationError(
      callers.owner.classes.assign({ id: classId, courseId: course.id, dueAt: "2026-02-30" }),
      "dueAt must be a date such as 2026-12-24 or 2026-12-24T17:00:00Z",
    );
    await expectValidationError(
      callers.owner.classes.assign({ id: classId, courseId: course.id, dueAt: "3000-01-01" }),
      "A due date can be at most 5 years ahead",
    );
    await expectValidationError(
      callers.owner.classes.assign({ id: classId, courseId: course.id, note: "x".repeat(1001) }),
      "A note can be at most 1,000 characters",
    );
  });

  test("who may assign what: members and outsiders may not; only a ready course of one's own or a public one; once per class", async () => {
    const { classId, course, teacher, callers } = await classroom();
    await expectTRPCError(callers.member.classes.assign({ id: classId, courseId: course.id }), "FORBIDDEN", CLASS_MESSAGES.teachersOnly);
    await expectTRPCError(callers.outsider.classes.assign({ id: classId, courseId: course.id }), "NOT_FOUND", CLASS_MESSAGES.notFound);
    // The owner's private course is not the teacher's to share.
    await expectTRPCError(callers.teacher.classes.assign({ id: classId, courseId: course.id }), "NOT_FOUND", ASSIGNMENT_MESSAGES.courseNotFound);
    const stranger = await createCourse(db, { isPublic: true });
    const generating = await createCourse(db, { userId: teacher.id, status: "generating", chapters: 0 });
    await expectTRPCError(callers.teacher.classes.assign({ id: classId, courseId: generating.id }), "NOT_FOUND", ASSIGNMENT_MESSAGES.courseNotFound);
    await expectTRPCError(callers.teacher.classes.assign({ id: classId, courseId: 2_000_000_000 }), "NOT_FOUND", ASSIGNMENT_MESSAGES.courseNotFound);
    await callers.teacher.classes.assign({ id: classId, courseId: stranger.id });
    await expectTRPCError(callers.owner.classes.assign({ id: classId, courseId: stranger.id }), "CONFLICT", ASSIGNMENT_MESSAGES.duplicate);
  });

  test(`a class holds at most ${MAX_CLASS_ASSIGNMENTS} assignments; an archived class takes none`, async () => {
    const { classId, owner, callers } = await classroom();
    const courses = await db.course.createManyAndReturn({
      data: Array.from({ length: MAX_CLASS_ASSIGNMENTS }, (_, i) => ({
        userId: owner.id,
        title: `C${i}`,
        topic: "t",
        // Failed builds: a ready course always has sections (a data invariant), and the cap counts assignments of any course.
        status: "failed" as const,
      })),
      select: { id: true },
    });
    await db.assignment.createMany({ data: courses.map(({ id }) => ({ classId, courseId: id, assignedById: owner.id })) });
    const extra = await createCourse(db, { userId: owner.id });
    await expectTRPCError(callers.owner.classes.assign({ id: classId, courseId: extra.id }), "CONFLICT", ASSIGNMENT_MESSAGES.tooMany);
    await db.class.update({ where: { id: classId }, data: { archivedAt: new Date() } });
    await expectTRPCError(callers.owner.classes.assign({ id: classId, courseId: extra.id }), "CONFLICT", CLASS_MESSAGES.archived);
  });
});

describe("losing the access an assignment gave", () => {
  test("a member who leaves, or is removed, loses the private course at once and keeps their own progress and notes", async () => {
    const { classId, course, sections, second, callers } = await classroom();
    await createAssignmentRow(db, { classId, courseId: course.id });
    for (const caller of [callers.member, callers.second]) {
      await caller.progress.update({ id: course.id, completedSectionId: sections[0]!.id });
      await caller.notes.create({ id: course.id, timeSeconds: 5, text: "mine" });
    }
    await callers.member.classes.leave({ id: classId });
    await callers.owner.classes.removeMember({ id: classId, memberId: second.id });
    for (const caller of [callers.member, callers.second]) {
      await expectTRPCError(caller.course.byId({ id: course.id }), "NOT_FOUND", "Course Not Found");
      await expectTRPCError(caller.quiz.bySection({ id: sections[0]!.id }), "NOT_FOUND");
      expect((await caller.assignments.mine()).assignments).toEqual([]);
      await expectTRPCError(caller.classes.byId({ id: classId }), "NOT_FOUND", CLASS_MESSAGES.notFound);
    }
    expect(await db.sectionCompletion.count({ where: { courseId: course.id } })).toBe(2);
    expect(await db.note.count({ where: { courseId: course.id } })).toBe(2);
  });

  test("deleting the assignment (owner or teacher, not a member) takes the access; the author making it private takes a teacher's public assignment", async () => {
    const { classId, course, teacher, callers } = await classroom();
    const { assignment } = await callers.owner.classes.assign({ id: classId, courseId: course.id });
    await expectTRPCError(callers.member.assignments.delete({ id: assignment.id }), "FORBIDDEN", CLASS_MESSAGES.teachersOnly);
    await expectTRPCError(callers.outsider.assignments.delete({ id: assignment.id }), "NOT_FOUND", ASSIGNMENT_MESSAGES.notFound);
    await callers.teacher.assignments.delete({ id: assignment.id });
    await expectTRPCError(callers.member.course.byId({ id: course.id }), "NOT_FOUND", "Course Not Found");
    await expectTRPCError(callers.teacher.assignments.delete({ id: assignment.id }), "NOT_FOUND", ASSIGNMENT_MESSAGES.notFound);

    // A public course assigned by a teacher who did not write it: private again, it is nobody's but its author's.
    const author = await createUser(db);
    const shared = await createCourse(db, { userId: author.id, isPublic: true });
    const byTeacher = (await callers.teacher.classes.assign({ id: classId, courseId: shared.id })).assignment;
    await (await as(author)).course.setSharing({ id: shared.id, isPublic: false });
    await expectTRPCError(callers.member.course.byId({ id: shared.id }), "NOT_FOUND", "Course Not Found");
    const [listed] = (await callers.member.assignments.mine()).assignments;
    expect(listed).toMatchObject({ id: byTeacher.id, available: false });
    expect(teacher.id).not.toBe(author.id);
  });
});

describe("the dashboard", () => {
  test("members × assignments: sections done, quiz average, completion, last activity; the most missed questions with their moments", async () => {
    const { classId, course, sections, quiz, questions, member, second, callers } = await classroom();
    const { assignment } = await callers.owner.classes.assign({ id: classId, courseId: course.id, dueAt: inDays(7) });
    for (const section of sections) await callers.member.progress.update({ id: course.id, completedSectionId: section.id });
    const [q1, q2] = questions;
    await callers.member.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: q1!.id, answer: "B1" },
        { questionId: q2!.id, answer: "A2" },
      ],
    });
    await callers.second.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: q1!.id, answer: "C1" },
        { questionId: q2!.id, answer: "B2" },
      ],
    });
    // A retake counts by its latest answer: the second member gets q2 right now.
    await callers.second.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: q1!.id, answer: "C1" },
        { questionId: q2!.id, answer: "A2" },
      ],
    });

    const dashboard = await callers.teacher.classes.dashboard({ id: classId });
    expect(dashboard.members.map((m) => m.userId).sort()).toEqual([member.id, second.id].sort());
    const byId = new Map(dashboard.members.map((m) => [m.userId, m]));
    expect(byId.get(member.id)!.assignments).toEqual([
      { assignmentId: assignment.id, sectionsDone: 3, sectionsTotal: 3, quizAverage: 50, completedAt: anyTime },
    ]);
    expect(byId.get(second.id)!.assignments).toEqual([{ assignmentId: assignment.id, sectionsDone: 0, sectionsTotal: 3, quizAverage: 50, completedAt: null }]);
    expect(byId.get(member.id)!.lastActiveAt).toEqual(anyTime);
    const [listed] = dashboard.assignments;
    expect(listed).toMatchObject({ id: assignment.id, courseId: course.id, title: course.title, sectionsTotal: 3 });
    expect(listed!.missed).toEqual([
      { questionId: q1!.id, questionText: "Which is first?", missedBy: 2, answeredBy: 2, sectionId: sections[0]!.id, sourceTime: 12 },
    ]);
    // The member sees their own progress, never the dashboard.
    expect((await callers.member.assignments.mine()).assignments[0]!.progress).toMatchObject({
      sectionsDone: 3,
      quizAverage: 50,
      completedAt: anyTime,
    });
    await expectTRPCError(callers.member.classes.dashboard({ id: classId }), "FORBIDDEN", CLASS_MESSAGES.teachersOnly);
    await expectTRPCError(callers.outsider.classes.dashboard({ id: classId }), "NOT_FOUND", CLASS_MESSAGES.notFound);
  });

  test("the class's weakest concepts per assignment: mean mastery of the members with evidence, only below strong", async () => {
    const { classId, course, sections, member, second, callers } = await classroom();
    await createAssignmentRow(db, { classId, courseId: course.id });
    const weak = await createCourseConcept(db, { courseId: course.id, sectionId: sections[0]!.id, key: `weak-${classId}`, label: "Recursion" });
    const learning = await createCourseConcept(db, { courseId: course.id, sectionId: sections[1]!.id, key: `learning-${classId}`, label: "Loops" });
    const strong = await createCourseConcept(db, { courseId: course.id, sectionId: sections[1]!.id, key: `strong-${classId}`, label: "Variables" });
    const now = new Date();
    await db.conceptMastery.createMany({
      data: [
        { userId: member.id, conceptId: weak.id, pKnown: 0.1, evidenceCount: 3, lastEvidenceAt: now },
        { userId: second.id, conceptId: weak.id, pKnown: 0.3, evidenceCount: 2, lastEvidenceAt: now },
        { userId: member.id, conceptId: learning.id, pKnown: 0.6, evidenceCount: 4, lastEvidenceAt: now },
        { userId: member.id, conceptId: strong.id, pKnown: 0.95, evidenceCount: 4, lastEvidenceAt: now },
        { userId: second.id, conceptId: strong.id, pKnown: 0.9, evidenceCount: 3, lastEvidenceAt: now },
      ],
    });
    const [listed] = (await callers.owner.classes.dashboard({ id: classId })).assignments;
    // The strong concept is not among the weakest, although fewer than three are listed.
    expect(listed!.weakestConcepts.map(({ label, learners }) => ({ label, learners }))).toEqual([
      { label: "Recursion", learners: 2 },
      { label: "Loops", learners: 1 },
    ]);
    expect(listed!.weakestConcepts[0]!.mastery).toBeCloseTo(0.2, 2);
  });

  test("what a teacher never receives: notes, chat, cards, e-mail, other courses", async () => {
    const { classId, course, sections, member, callers } = await classroom();
    await db.user.update({ where: { id: member.id }, data: { email: `secret-${member.id}@example.test` } });
    await createAssignmentRow(db, { classId, courseId: course.id });
    await callers.member.notes.create({ id: course.id, timeSeconds: 3, text: "my private note text" });
    const other = await createCourse(db, { userId: member.id });
    await callers.member.progress.update({ id: other.id, completedSectionId: sectionsOf(other)[0]!.id });
    await callers.member.progress.update({ id: course.id, completedSectionId: sections[0]!.id });
    const text = JSON.stringify([await callers.owner.classes.dashboard({ id: classId }), await callers.owner.classes.byId({ id: classId })]);
    for (const secret of ["secret-", "my private note text", other.title, String(other.id)]) expect(text).not.toContain(secret);
  });

  test("a teacher's API token reads the dashboard and manages assignments, not roles; the CSV is spreadsheet-safe", async () => {
    const { classId, course, teacher, owner, member, callers } = await classroom();
    await db.user.update({ where: { id: member.id }, data: { username: `=cmd|${member.id}`.slice(0, 32) } });
    const { token } = await createApiTokenRow(db, teacher.id);
    const { caller: script } = await createTestCaller({ headers: bearer(token) });
    const publicCourse = await createCourse(db, { userId: teacher.id, isPublic: true });
    const { assignment } = await script.classes.assign({ id: classId, courseId: publicCourse.id });
    expect((await script.classes.dashboard({ id: classId })).assignments.map((a) => a.id)).toEqual([assignment.id]);
    await script.assignments.delete({ id: assignment.id });
    await expectTRPCError(script.classes.setRole({ id: classId, memberId: member.id, role: "teacher" }), "FORBIDDEN");
    await callers.owner.classes.assign({ id: classId, courseId: course.id, dueAt: inDays(1) });

    const csv = await routeCall<unknown>("GET", `/api/classes/${classId}/export?format=csv`, { headers: bearer(token) });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="algorithms-101-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("username,last_active_at,assignment_id,course_title,due_at,sections_done,sections_total,quiz_average,completed_at,status");
    expect(lines.some((line) => line.startsWith(`'=cmd|${member.id}`))).toBe(true);
    // The typed client gets the same file as text.
    const typed = await script.classes.exportCsv({ id: classId });
    expect(typed.csv).toBe(`\uFEFF${csv.text.replace(/^\uFEFF/, "")}`);
    expect(csv.headers.get("content-disposition")).toContain(typed.fileName);
    const refused = await routeCall<unknown>("GET", `/api/classes/${classId}/export?format=csv`, { sessionToken: await sessionTokenFor(member) });
    expect(refused.status).toBe(403);
    const badFormat = await routeCall<unknown>("GET", `/api/classes/${classId}/export?format=xlsx`, { sessionToken: await sessionTokenFor(owner) });
    expect(badFormat.status).toBe(400);
  });
});

describe("CSV cells", () => {
  test("formulas get a leading quote; commas, quotes and line breaks are quoted; numbers and nulls are plain", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell(" @SUM(A1)")).toBe("' @SUM(A1)");
    expect(csvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    const csv = dashboardCsv(
      {
        members: [
          {
            userId: 1,
            username: "ann",
            lastActiveAt: null,
            assignments: [{ assignmentId: 7, sectionsDone: 1, sectionsTotal: 2, quizAverage: null, completedAt: null }],
          },
        ],
        assignments: [
          { id: 7, courseId: 3, title: "Sorting, fast", dueAt: "2020-01-01T00:00:00.000Z", note: null, sectionsTotal: 2, missed: [], weakestConcepts: [] },
        ],
      },
      new Date("2021-01-01T00:00:00Z"),
    );
    expect(csv.split("\r\n")[1]).toBe('ann,,7,"Sorting, fast",2020-01-01T00:00:00.000Z,1,2,,,overdue');
  });
});

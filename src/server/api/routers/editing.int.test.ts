/** editing.* through createTestCaller and the REST adapter: the owner corrects a course in place, with versions, on a real database. */
import { describe, expect, test } from "vitest";

import type { TRPCError } from "@trpc/server";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { addPlaylistVideos, bearer, createApiTokenRow, createCourse, createUser, sectionsOf } from "../../../../test/factories";
import { createCourseConcept } from "../../../../test/factories/concepts";
import { createQuiz, createQuizCourse } from "../../../../test/factories/quiz";
import { restCall, routeCall } from "../../../../test/http";
import { EDIT_MESSAGES, MIN_SECTION_SECONDS } from "~/lib/rules/editing";

const as = async (user: { id: number }) => (await createTestCaller({ user })).caller;

/** An owner's public course on the fixture video (sections 0–60, 60–120, 120–180 s), a quiz on the first section, and a viewer. */
async function setup() {
  const [owner, viewer] = await Promise.all([createUser(db), createUser(db)]);
  const { course, sections } = await createQuizCourse(db, { userId: owner.id, isPublic: true });
  const quiz = await createQuiz(db, sections[0]!.id, [
    { options: ["A1", "B1", "C1", "D1"], correctAnswer: "A1", sourceTime: 10 },
    { options: ["A2", "B2", "C2", "D2"], correctAnswer: "A2", sourceTime: 20 },
    { options: ["A3", "B3", "C3", "D3"], correctAnswer: "A3", sourceTime: 40 },
  ]);
  return { owner, viewer, course, sections, quiz, questions: quiz.questions, ownerCaller: await as(owner), viewerCaller: await as(viewer) };
}

/** The course's outline as the course page gets it: [id, title, start, end] per section, in order. */
async function outlineOf(caller: Awaited<ReturnType<typeof as>>, courseId: number) {
  const detail = await caller.course.byId({ id: courseId });
  return {
    version: detail.course.version,
    title: detail.course.title,
    sections: detail.chapters.flatMap((chapter) => chapter.sections.map((s) => [s.id, s.title, s.timeStart, s.timeEnd] as const)),
  };
}

const completedOf = async (caller: Awaited<ReturnType<typeof as>>, courseId: number) =>
  (await caller.progress.byCourse({ id: courseId })).completedSections.toSorted((a, b) => a - b);

describe("renaming and rewriting", () => {
  test("the owner renames the course, a chapter and a section and rewrites content; each edit is a version everyone sees at once", async () => {
    const { course, sections, ownerCaller, viewerCaller } = await setup();
    expect((await viewerCaller.course.byId({ id: course.id })).course.version).toBe(1);
    const first = await ownerCaller.editing.course({ id: course.id, title: "  Binary search, done right ", version: 1 });
    expect(first).toEqual({ courseId: course.id, version: 2 });
    await ownerCaller.editing.chapter({ id: course.chapters[0]!.id, title: "Basics", version: 2 });
    await ownerCaller.editing.section({ id: sections[1]!.id, title: "Halving", content: "**Halve** the range [0:45]", version: 3 });
    const seen = await viewerCaller.course.byId({ id: course.id });
    expect(seen.course).toMatchObject({ title: "Binary search, done right", version: 4 });
    expect(seen.chapters[0]!.title).toBe("Basics");
    expect(seen.chapters[0]!.sections[1]).toMatchObject({ title: "Halving", content: "**Halve** the range [0:45]" });

    const { version, versions } = await ownerCaller.editing.versions({ id: course.id });
    expect(version).toBe(4);
    expect(versions.map((v) => [v.version, v.change.kind])).toEqual([
      [4, "section"],
      [3, "chapter"],
      [2, "course"],
      [1, "generated"],
    ]);
    expect(versions[0]!.change).toEqual({ kind: "section", sectionId: sections[1]!.id, title: "Halving", fields: ["title", "content"] });
  });

  test("a stale version gets 409 with the version now, and changes nothing", async () => {
    const { course, sections, ownerCaller } = await setup();
    await ownerCaller.editing.section({ id: sections[0]!.id, title: "From tab one", version: 1 });
    const error: TRPCError = await expectTRPCError(
      ownerCaller.editing.section({ id: sections[0]!.id, title: "From tab two", version: 1 }),
      "CONFLICT",
      EDIT_MESSAGES.stale,
    );
    expect((error.cause as { currentVersion?: number }).currentVersion).toBe(2);
    const after = await outlineOf(ownerCaller, course.id);
    expect(after.version).toBe(2);
    expect(after.sections[0]![1]).toBe("From tab one");
    expect((await ownerCaller.editing.versions({ id: course.id })).versions).toHaveLength(2);
  });

  test("refuses empty edits, empty titles and over-long content (400), writing nothing", async () => {
    const { course, sections, ownerCaller } = await setup();
    await expectTRPCError(ownerCaller.editing.section({ id: sections[0]!.id, version: 1 }), "BAD_REQUEST", EDIT_MESSAGES.nothingToChange);
    await expectTRPCError(ownerCaller.editing.course({ id: course.id, version: 1 }), "BAD_REQUEST", EDIT_MESSAGES.nothingToChange);
    await expectValidationError(ownerCaller.editing.chapter({ id: course.chapters[0]!.id, title: " \u200b ", version: 1 }), "Title cannot be empty");
    await expectValidationError(ownerCaller.editing.section({ id: sections[0]!.id, content: "x".repeat(20_001), version: 1 }), /at most 20,000 characters/);
    expect((await ownerCaller.editing.section({ id: sections[0]!.id, content: "x".repeat(20_000), version: 1 })).version).toBe(2);
    await expectValidationError(ownerCaller.editing.section({ id: sections[0]!.id, title: "x", version: 0 }), /version/);
  });
});

describe("what follows an edit", () => {
  test("course search and the Markdown export read the edited course at once", async () => {
    const { owner, course, sections, ownerCaller, viewerCaller } = await setup();
    await ownerCaller.editing.section({ id: sections[1]!.id, title: "Quokka halving", version: 1 });
    await ownerCaller.editing.mergeNext({ id: sections[0]!.id, version: 2 }); // "Section 1.1" absorbs "Quokka halving"
    const found = await viewerCaller.course.search({ q: "quokka" });
    expect(found).toEqual([]);
    await ownerCaller.editing.section({ id: sections[2]!.id, title: "Quokka search", version: 3 });
    expect((await viewerCaller.course.search({ q: "quokka" })).map((hit) => hit.title)).toEqual(["Quokka search"]);
    const sessionToken = await sessionTokenFor(owner);
    const exported = await routeCall("GET", `/api/courses/${course.id}/export?format=markdown`, { sessionToken });
    expect(exported.text).toContain("Quokka search");
    expect(exported.text).not.toContain("Section 1.2");
  });
});

describe("who may edit", () => {
  test("anyone but the owner gets 404 on every editing path, by cookie and by token; the owner's token edits", async () => {
    const { owner, viewer, course, sections, questions, ownerCaller, viewerCaller } = await setup();
    const section = sections[0]!.id;
    const attempts = (caller: typeof viewerCaller) => [
      () => caller.editing.course({ id: course.id, title: "Mine now", version: 1 }),
      () => caller.editing.chapter({ id: course.chapters[0]!.id, title: "Mine", version: 1 }),
      () => caller.editing.section({ id: section, title: "Mine", version: 1 }),
      () => caller.editing.split({ id: section, atSeconds: 30, version: 1 }),
      () => caller.editing.mergeNext({ id: section, version: 1 }),
      () => caller.editing.deleteQuestion({ id: questions[0]!.id, version: 1 }),
      () => caller.editing.versions({ id: course.id }),
      () => caller.editing.version({ id: course.id, version: 1 }),
      () => caller.editing.restore({ id: course.id, version: 1 }),
    ];
    for (const attempt of attempts(viewerCaller)) await expectTRPCError(attempt(), "NOT_FOUND");
    const { token } = await createApiTokenRow(db, viewer.id);
    const byToken = (await createTestCaller({ headers: bearer(token) })).caller;
    for (const attempt of attempts(byToken)) await expectTRPCError(attempt(), "NOT_FOUND");
    expect((await outlineOf(ownerCaller, course.id)).version).toBe(1);

    const own = await createApiTokenRow(db, owner.id);
    const patched = await restCall<{ version: number }>("PATCH", `/api/courses/${course.id}`, {
      headers: bearer(own.token),
      json: { title: "By script", version: 1 },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.version).toBe(2);
  });
});

describe("moving a start", () => {
  test("moves the section's start and the previous section's end together", async () => {
    const { course, sections, ownerCaller } = await setup();
    await ownerCaller.editing.section({ id: sections[1]!.id, timeStart: 72.4, version: 1 });
    const { sections: after } = await outlineOf(ownerCaller, course.id);
    expect(after.map(([, , start, end]) => [start, end])).toEqual([
      [0, 72],
      [72, 120],
      [120, 180],
    ]);
  });

  test(`keeps every section at least ${MIN_SECTION_SECONDS} s long and inside its own video (422), changing nothing`, async () => {
    const { course, sections, ownerCaller } = await setup();
    await expectTRPCError(ownerCaller.editing.section({ id: sections[1]!.id, timeStart: 10, version: 1 }), "UNPROCESSABLE_CONTENT", EDIT_MESSAGES.tooShort);
    await expectTRPCError(ownerCaller.editing.section({ id: sections[1]!.id, timeStart: 110, version: 1 }), "UNPROCESSABLE_CONTENT", EDIT_MESSAGES.tooShort);
    await expectTRPCError(ownerCaller.editing.section({ id: sections[0]!.id, timeStart: 400, version: 1 }), "UNPROCESSABLE_CONTENT", EDIT_MESSAGES.ownVideo);
    expect((await outlineOf(ownerCaller, course.id)).version).toBe(1);

    const owner = await createUser(db);
    const playlist = await createCourse(db, { userId: owner.id, sectionsPerChapter: 3 });
    await addPlaylistVideos(db, playlist.id, [120, 100]); // sections 0–60, 60–120 (video 1), 120–180 (video 2)
    const caller = await as(owner);
    const [, second, third] = sectionsOf(playlist);
    await expectTRPCError(caller.editing.section({ id: third!.id, timeStart: 110, version: 1 }), "UNPROCESSABLE_CONTENT", EDIT_MESSAGES.ownVideo);
    await expectTRPCError(caller.editing.mergeNext({ id: second!.id, version: 1 }), "UNPROCESSABLE_CONTENT", EDIT_MESSAGES.twoVideos);
    // The first section of the second video moves later; the last of the first video keeps its end.
    await caller.editing.section({ id: third!.id, timeStart: 130, version: 1 });
    expect((await outlineOf(caller, playlist.id)).sections.map(([, , start, end]) => [start, end])).toEqual([
      [0, 60],
      [60, 120],
      [130, 180],
    ]);
  });
});

describe("splitting and merging", () => {
  test("a split gives two ordered halves over the same span, both completed when the section was, questions by their moments", async () => {
    const { owner, viewer, course, sections, questions, ownerCaller, viewerCaller } = await setup();
    await viewerCaller.progress.update({ id: course.id, completedSectionId: sections[0]!.id });
    const split = await ownerCaller.editing.split({ id: sections[0]!.id, atSeconds: 30.2, version: 1 });
    expect(split).toMatchObject({ courseId: course.id, version: 2, sectionId: sections[0]!.id });
    const after = await outlineOf(viewerCaller, course.id);
    expect(after.sections.slice(0, 3)).toEqual([
      [sections[0]!.id, "Section 1.1", 0, 30],
      [split.newSectionId, "Section 1.1 (continued)", 30, 60],
      [sections[1]!.id, "Section 1.2", 60, 120],
    ]);
    expect(await completedOf(viewerCaller, course.id)).toEqual([sections[0]!.id, split.newSectionId].toSorted((a, b) => a - b));
    const firstQuiz = await viewerCaller.quiz.bySection({ id: sections[0]!.id });
    const secondQuiz = await viewerCaller.quiz.bySection({ id: split.newSectionId });
    expect(firstQuiz.questions.map((q) => q.id)).toEqual([questions[0]!.id, questions[1]!.id]);
    expect(secondQuiz.questions.map((q) => q.id)).toEqual([questions[2]!.id]);
    await expectTRPCError(ownerCaller.editing.split({ id: sections[0]!.id, atSeconds: 40, version: 2 }), "UNPROCESSABLE_CONTENT", EDIT_MESSAGES.splitPlace);
    expect(owner.id).not.toBe(viewer.id);
  });

  test("merging reverses a split: one section over both spans, complete only for learners who completed both", async () => {
    const { course, sections, ownerCaller, viewerCaller } = await setup();
    const other = await createUser(db);
    const otherCaller = await as(other);
    await viewerCaller.progress.update({ id: course.id, completedSectionId: sections[0]!.id });
    await viewerCaller.progress.update({ id: course.id, completedSectionId: sections[1]!.id });
    await otherCaller.progress.update({ id: course.id, currentSectionId: sections[1]!.id, completedSectionId: sections[0]!.id });
    const merged = await ownerCaller.editing.mergeNext({ id: sections[0]!.id, version: 1 });
    const after = await outlineOf(viewerCaller, course.id);
    expect(after.sections).toEqual([
      [merged.sectionId, "Section 1.1", 0, 120],
      [sections[2]!.id, "Section 1.3", 120, 180],
    ]);
    expect(await completedOf(viewerCaller, course.id)).toEqual([merged.sectionId]);
    expect(await completedOf(otherCaller, course.id)).toEqual([]);
    expect((await otherCaller.progress.byCourse({ id: course.id })).currentSectionId).toBe(merged.sectionId);
    const detail = await viewerCaller.course.byId({ id: course.id });
    expect(detail.chapters[0]!.sections[0]!.content).toBe("Content of section 1.1\n\nContent of section 1.2");
    // The merged section's quiz holds the first section's questions.
    expect((await viewerCaller.quiz.bySection({ id: merged.sectionId })).questions).toHaveLength(3);
    // The sections merged away are gone for everyone, learners included.
    await expectTRPCError(viewerCaller.quiz.bySection({ id: sections[0]!.id }), "NOT_FOUND");
    await expectTRPCError(ownerCaller.editing.mergeNext({ id: sections[2]!.id, version: 2 }), "UNPROCESSABLE_CONTENT", EDIT_MESSAGES.lastOfChapter);
  });
});

describe("what an edit keeps in order", () => {
  test("concept moments move to the section that now holds them, and the course's concepts are found again", async () => {
    const { course, sections, ownerCaller } = await setup();
    await createCourseConcept(db, { courseId: course.id, sectionId: sections[1]!.id, key: "halv", label: "Halving", timeSeconds: 70 });
    const merged = await ownerCaller.editing.mergeNext({ id: sections[0]!.id, version: 1 });
    const [concept] = await db.courseConcept.findMany({ where: { courseId: course.id }, select: { moments: true } });
    expect(concept!.moments).toEqual([{ sectionId: merged.sectionId, timeSeconds: 70 }]);
    expect((await db.course.findUniqueOrThrow({ where: { id: course.id } })).conceptsAt).toBeNull();
  });

  test("a merge whose contents together pass 20,000 characters is refused (422), changing nothing", async () => {
    const { course, sections, ownerCaller } = await setup();
    await ownerCaller.editing.section({ id: sections[0]!.id, content: "a".repeat(15_000), version: 1 });
    await ownerCaller.editing.section({ id: sections[1]!.id, content: "b".repeat(6_000), version: 2 });
    await expectTRPCError(ownerCaller.editing.mergeNext({ id: sections[0]!.id, version: 3 }), "UNPROCESSABLE_CONTENT", EDIT_MESSAGES.mergedTooLong);
    expect((await outlineOf(ownerCaller, course.id)).sections).toHaveLength(3);
  });

  test("a course without videos cannot move a section past its known end", async () => {
    const owner = await createUser(db);
    const noVideo = await createCourse(db, { userId: owner.id, sectionsPerChapter: 2 });
    await db.section.update({ where: { id: sectionsOf(noVideo)[1]!.id }, data: { timeEnd: null } });
    const caller = await as(owner);
    const last = sectionsOf(noVideo)[1]!.id;
    await expectTRPCError(caller.editing.section({ id: last, timeStart: 1e12, version: 1 }), "UNPROCESSABLE_CONTENT");
    await expectTRPCError(caller.editing.split({ id: last, atSeconds: 1e12, version: 1 }), "UNPROCESSABLE_CONTENT");
    await expectTRPCError(caller.editing.section({ id: last, timeStart: 5_000, version: 1 }), "UNPROCESSABLE_CONTENT");
  });

  test("an edit on an old version of a section another edit took out is a 409, not a 404", async () => {
    const { sections, ownerCaller } = await setup();
    await ownerCaller.editing.mergeNext({ id: sections[0]!.id, version: 1 });
    const error = await expectTRPCError(ownerCaller.editing.mergeNext({ id: sections[0]!.id, version: 1 }), "CONFLICT", EDIT_MESSAGES.stale);
    expect((error.cause as { currentVersion?: number }).currentVersion).toBe(2);
    await expectTRPCError(ownerCaller.editing.mergeNext({ id: sections[0]!.id, version: 2 }), "NOT_FOUND", EDIT_MESSAGES.sectionNotFound);
  });
});

describe("versions", () => {
  test("restore brings back the exact earlier outline, the questions and the learners' completions, as a new version", async () => {
    const { course, sections, questions, ownerCaller, viewerCaller } = await setup();
    await viewerCaller.progress.update({ id: course.id, completedSectionId: sections[0]!.id });
    const before = await outlineOf(ownerCaller, course.id);
    const beforeDetail = await ownerCaller.course.byId({ id: course.id });

    const split = await ownerCaller.editing.split({ id: sections[1]!.id, atSeconds: 90, version: 1 });
    await ownerCaller.editing.section({ id: split.newSectionId, title: "Second half", timeStart: 95, version: 2 });
    const merged = await ownerCaller.editing.mergeNext({ id: sections[0]!.id, version: 3 });
    const deleted = await ownerCaller.editing.deleteQuestion({ id: questions[1]!.id, version: 4 });
    await ownerCaller.editing.course({ id: course.id, title: "Renamed", description: "", version: deleted.version });
    expect((await viewerCaller.quiz.bySection({ id: merged.sectionId })).questions.map((q) => q.id)).toEqual([questions[0]!.id, questions[2]!.id]);
    expect(await completedOf(viewerCaller, course.id)).toEqual([]);

    const compared = await ownerCaller.editing.version({ id: course.id, version: 1 });
    expect(compared.outline.chapters[0]!.sections.map((s) => s.id)).toEqual(sections.map((s) => s.id));

    const restored = await ownerCaller.editing.restore({ id: course.id, version: 1, baseVersion: 6 });
    expect(restored.version).toBe(7);
    const after = await outlineOf(viewerCaller, course.id);
    expect(after.sections).toEqual(before.sections);
    expect(after.title).toBe(before.title);
    const afterDetail = await ownerCaller.course.byId({ id: course.id });
    expect(afterDetail.chapters).toEqual(beforeDetail.chapters);
    expect(afterDetail.course.description).toBe(beforeDetail.course.description);
    expect((await viewerCaller.quiz.bySection({ id: sections[0]!.id })).questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    expect(await completedOf(viewerCaller, course.id)).toEqual([sections[0]!.id]);
    const history = await ownerCaller.editing.versions({ id: course.id });
    expect(history.versions[0]).toMatchObject({ version: 7, change: { kind: "restore", from: 1 } });

    // Restoring the merged version again is exact too: the same merged section comes back.
    await ownerCaller.editing.restore({ id: course.id, version: 3 });
    expect((await outlineOf(viewerCaller, course.id)).sections.map(([id]) => id)).toEqual([
      sections[0]!.id,
      sections[1]!.id,
      split.newSectionId,
      sections[2]!.id,
    ]);
    await ownerCaller.editing.restore({ id: course.id, version: 4 });
    expect((await outlineOf(viewerCaller, course.id)).sections[0]![0]).toBe(merged.sectionId);
  });

  test("a stale base version, an unknown version and a never-edited course's history", async () => {
    const { course, sections, ownerCaller } = await setup();
    const fresh = await ownerCaller.editing.versions({ id: course.id });
    expect(fresh).toMatchObject({ version: 1, total: 1, versions: [{ version: 1, by: null, change: { kind: "generated" } }] });
    expect((await ownerCaller.editing.version({ id: course.id, version: 1 })).outline.chapters[0]!.sections).toHaveLength(3);
    await expectTRPCError(ownerCaller.editing.version({ id: course.id, version: 2 }), "NOT_FOUND", EDIT_MESSAGES.versionNotFound);
    await ownerCaller.editing.section({ id: sections[0]!.id, title: "Changed", version: 1 });
    await expectTRPCError(ownerCaller.editing.restore({ id: course.id, version: 1, baseVersion: 1 }), "CONFLICT", EDIT_MESSAGES.stale);
    await expectTRPCError(ownerCaller.editing.restore({ id: course.id, version: 9, baseVersion: 2 }), "NOT_FOUND", EDIT_MESSAGES.versionNotFound);
    expect((await outlineOf(ownerCaller, course.id)).version).toBe(2);
    await ownerCaller.editing.section({ id: sections[0]!.id, title: "Changed again", version: 2 });
    const newest = await ownerCaller.editing.versions({ id: course.id, limit: 2 });
    expect(newest).toMatchObject({ version: 3, total: 3 });
    expect(newest.versions.map((v) => v.version)).toEqual([3, 2]);
  });
});

describe("questions", () => {
  test("a deleted question leaves the quiz for everyone; a quiz left with none is made again when opened", async () => {
    const { course, sections, questions, ownerCaller, viewerCaller } = await setup();
    let version = 1;
    for (const question of questions) version = (await ownerCaller.editing.deleteQuestion({ id: question.id, version })).version;
    await expectTRPCError(ownerCaller.editing.deleteQuestion({ id: questions[0]!.id, version }), "NOT_FOUND", EDIT_MESSAGES.questionNotFound);
    expect(await viewerCaller.quiz.find({ id: sections[0]!.id })).toBeNull();
    const made = await viewerCaller.quiz.generate({ id: sections[0]!.id });
    expect(made.questions.length).toBeGreaterThan(0);
    expect(made.questions.map((q) => q.id)).not.toContain(questions[0]!.id);
    expect((await outlineOf(viewerCaller, course.id)).version).toBe(1 + questions.length);
  });
});

describe("REST", () => {
  test("every path answers the new version; a stale edit is a 409 whose data carries the version now", async () => {
    const { owner, course, sections, questions } = await setup();
    const sessionToken = await sessionTokenFor(owner);
    const call = <T = Record<string, unknown>>(method: string, path: string, json?: unknown) => restCall<T>(method, path, { sessionToken, json });
    expect((await call("PATCH", `/api/courses/${course.id}`, { description: "New", version: 1 })).json).toEqual({ courseId: course.id, version: 2 });
    expect((await call("PATCH", `/api/chapters/${course.chapters[0]!.id}`, { title: "C", version: 2 })).json).toMatchObject({ version: 3 });
    expect((await call("PATCH", `/api/sections/${sections[0]!.id}`, { timeStart: 5, version: 3 })).json).toMatchObject({ version: 4 });
    const split = await call<{ version: number; newSectionId: number }>("POST", `/api/sections/${sections[1]!.id}/split`, { atSeconds: 90, version: 4 });
    expect(split.json.version).toBe(5);
    expect((await call("POST", `/api/sections/${sections[1]!.id}/merge-next`, { version: 5 })).json).toMatchObject({ version: 6 });
    expect((await call("DELETE", `/api/questions/${questions[0]!.id}?version=6`)).json).toMatchObject({ version: 7 });
    const stale = await call<{ code: string; data: { currentVersion: number } }>("PATCH", `/api/sections/${sections[0]!.id}`, { title: "Late", version: 6 });
    expect(stale.status).toBe(409);
    expect(stale.json.data.currentVersion).toBe(7);
    const list = await call<{ version: number; versions: unknown[] }>("GET", `/api/courses/${course.id}/versions`);
    expect(list.json.version).toBe(7);
    expect(list.json.versions).toHaveLength(7);
    expect((await call("GET", `/api/courses/${course.id}/versions/2`)).status).toBe(200);
    expect((await call("POST", `/api/courses/${course.id}/versions/1/restore`, { baseVersion: 7 })).json).toMatchObject({ version: 8 });
    expect((await call<{ course: { version: number } }>("GET", `/api/courses/${course.id}`)).json.course.version).toBe(8);
  });
});

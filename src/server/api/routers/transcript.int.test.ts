/** transcript.byCourse through createTestCaller and the REST adapter: times in seconds, sections by time, the course's visibility rule. */
import { describe, expect, test } from "vitest";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { courseWithTranscript, createCourse, createUser, sectionsOf } from "../../../../test/factories";
import { restCall } from "../../../../test/http";

describe("transcript.byCourse", () => {
  test("answers the lines in time order, in seconds, each with the section whose range holds its start", async () => {
    const me = await createUser(db);
    // Sections 0–60 s and 60–120 s; lines start every 65 s.
    const course = await courseWithTranscript(db, me.id);
    const [first, second] = sectionsOf(course);
    const { caller } = await createTestCaller({ user: me });
    const { segments } = await caller.transcript.byCourse({ id: course.id });
    expect(segments).toHaveLength(6);
    expect(segments.map((segment) => segment.start)).toEqual([0, 65, 130, 195, 260, 325]);
    expect(segments[0]).toEqual({ start: 0, end: 60, text: expect.stringContaining("merge sort splits") as string, sectionId: first!.id });
    expect(segments[1]!.sectionId).toBe(second!.id);
    // Past the last section's end: no section.
    expect(segments[2]!.sectionId).toBeNull();
  });

  test("keeps milliseconds as fractions of a second", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const transcript = await db.transcript.findFirstOrThrow({ where: { videoId: course.videoId! } });
    await db.transcriptSegment.updateMany({ where: { transcriptId: transcript.id, index: 0 }, data: { startMs: 1_250, endMs: 3_999 } });
    const { caller } = await createTestCaller({ user: me });
    const [line] = (await caller.transcript.byCourse({ id: course.id })).segments;
    expect(line).toMatchObject({ start: 1.25, end: 3.999 });
  });

  test("a course without a video has no lines", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id });
    const { caller } = await createTestCaller({ user: me });
    expect(await caller.transcript.byCourse({ id: course.id })).toEqual({ segments: [] });
  });

  test("another learner reads a public course's transcript; a private one, a generating one and an unknown id are Course Not Found", async () => {
    const owner = await createUser(db);
    const other = await createUser(db);
    const shared = await courseWithTranscript(db, owner.id, true);
    const hidden = await courseWithTranscript(db, owner.id, false);
    const generating = await courseWithTranscript(db, owner.id, true, { status: "generating" });
    const { caller } = await createTestCaller({ user: other });
    expect((await caller.transcript.byCourse({ id: shared.id })).segments).toHaveLength(6);
    for (const id of [hidden.id, generating.id, 2_000_000_000]) await expectTRPCError(caller.transcript.byCourse({ id }), "NOT_FOUND", "Course Not Found");
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.transcript.byCourse({ id: shared.id }), "UNAUTHORIZED");
  });

  test("two courses on one video share its lines but each has its own sections and visibility", async () => {
    const owner = await createUser(db);
    const other = await createUser(db);
    const first = await courseWithTranscript(db, owner.id, true);
    const second = await createCourse(db, { userId: owner.id, videoId: first.videoId, chapters: 1, sectionsPerChapter: 4 });
    const { caller } = await createTestCaller({ user: owner });
    const a = await caller.transcript.byCourse({ id: first.id });
    const b = await caller.transcript.byCourse({ id: second.id });
    expect(b.segments.map((segment) => segment.text)).toEqual(a.segments.map((segment) => segment.text));
    expect(a.segments[2]!.sectionId).toBeNull();
    expect(b.segments[2]!.sectionId).toBe(sectionsOf(second)[2]!.id);
    // The lines are read already; the second course is still private to its owner.
    const { caller: stranger } = await createTestCaller({ user: other });
    expect((await stranger.transcript.byCourse({ id: first.id })).segments).toHaveLength(6);
    await expectTRPCError(stranger.transcript.byCourse({ id: second.id }), "NOT_FOUND", "Course Not Found");
  });

  test("GET /api/courses/{id}/transcript answers the same body", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const response = await restCall<{ segments: { start: number; sectionId: number | null }[] }>("GET", `/api/courses/${course.id}/transcript`, {
      sessionToken: await sessionTokenFor(me),
    });
    expect(response.status).toBe(200);
    expect(response.json.segments).toHaveLength(6);
    expect(response.json.segments[1]).toMatchObject({ start: 65, end: 125, sectionId: sectionsOf(course)[1]!.id });
  });
});

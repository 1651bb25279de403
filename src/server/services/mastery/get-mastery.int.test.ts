/** GET /api/mastery (getMastery) on a real database: the courses each concept names, with their titles and their videos' timelines. */
import { describe, expect, test } from "vitest";

import type { MasteryMap } from "~/lib/schemas/concepts";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { addPlaylistVideos, createCourse, createProgress, createUser, sectionsOf } from "../../../../test/factories";
import { createCourseConcept, HASHING, videoCourse } from "../../../../test/factories/concepts";
import { uniqueSuffix } from "../../../../test/factories/user";
import { restCall } from "../../../../test/http";

/** A concept explained at one moment of one section of a course, with a key of its own. */
const conceptIn = (courseId: number, sectionId: number, label: string, timeSeconds: number) =>
  createCourseConcept(db, { courseId, sectionId, key: `${label.toLowerCase()} ${uniqueSuffix()}`, label, timeSeconds });

/**
 * A learner with: their own course from a playlist of two videos (60 s and 120 s: three 60-second
 * sections, the second video's from 60 s on) with a concept in its third section; a public course
 * from one video that another learner made and this one studies; and around them what is not the
 * learner's (another's private course, a public course they do not study) or explains nothing.
 */
async function learnerWithCourses() {
  const learner = await createUser(db);
  const playlist = await createCourse(db, { userId: learner.id, title: "Algorithms, one lesson at a time", sectionsPerChapter: 3 });
  const videos = await addPlaylistVideos(db, playlist.id, [60, 120]);
  const recursion = await conceptIn(playlist.id, sectionsOf(playlist)[2]!.id, "Recursion", 130);

  const author = await createUser(db);
  const { course: studied, sections } = await videoCourse(db, HASHING, { userId: author.id, isPublic: true });
  await db.course.update({ where: { id: studied.id }, data: { title: "Hash tables from scratch" } });
  await createProgress(db, { userId: learner.id, courseId: studied.id });
  const hashing = await conceptIn(studied.id, sections[1]!.id, "Hash function", 75);
  const studiedVideo = await db.courseVideo.findFirstOrThrow({ where: { courseId: studied.id }, select: { videoId: true, durationSeconds: true } });

  // Not the learner's: another learner's private course, and a public course they do not study.
  const { course: privateCourse, sections: privateSections } = await videoCourse(db, HASHING, { userId: author.id });
  await conceptIn(privateCourse.id, privateSections[0]!.id, "Private idea", 5);
  const { course: unstudied, sections: unstudiedSections } = await videoCourse(db, HASHING, { userId: author.id, isPublic: true });
  await conceptIn(unstudied.id, unstudiedSections[0]!.id, "Unstudied idea", 5);
  // The learner's own course that explains nothing yet.
  await videoCourse(db, HASHING, { userId: learner.id });

  return { learner, playlist, videos, recursion, studied, studiedVideo, hashing };
}

describe("GET /api/mastery", () => {
  test("names each course by its title, also a public course the learner studies but does not own", async () => {
    const { learner, playlist, recursion, studied, hashing } = await learnerWithCourses();
    const { caller } = await createTestCaller({ user: learner });
    const map = await caller.mastery.map();

    expect(map.concepts.map((concept) => concept.label).sort()).toEqual(["Hash function", "Recursion"]);
    expect(map.concepts.find((concept) => concept.id === recursion.id)!.courses).toEqual([
      { courseId: playlist.id, title: "Algorithms, one lesson at a time", moments: [{ sectionId: sectionsOf(playlist)[2]!.id, timeSeconds: 130 }] },
    ]);
    expect(map.concepts.find((concept) => concept.id === hashing.id)!.courses).toEqual([
      { courseId: studied.id, title: "Hash tables from scratch", moments: [expect.objectContaining({ timeSeconds: 75 })] },
    ]);
  });

  test("carries the videos of each course the concepts name, on its timeline; none of the courses that are not the learner's or explain nothing", async () => {
    const { learner, playlist, videos, studied, studiedVideo } = await learnerWithCourses();
    const { caller } = await createTestCaller({ user: learner });
    const map = await caller.mastery.map();

    expect(map.timelines).toEqual(
      [
        { courseId: playlist.id, videos },
        { courseId: studied.id, videos: [{ videoId: studiedVideo.videoId, offsetSeconds: 0, durationSeconds: studiedVideo.durationSeconds }] },
      ].sort((a, b) => a.courseId - b.courseId),
    );
    // Every course a concept names has its timeline, and only those.
    const named = new Set(map.concepts.flatMap((concept) => concept.courses.map((course) => course.courseId)));
    expect(new Set(map.timelines.map((timeline) => timeline.courseId))).toEqual(named);
    // The playlist's second video starts where the first ends: the concept's moment at 130 s is 70 s into it.
    expect(videos.map((video) => video.offsetSeconds)).toEqual([0, 60]);
  });

  test("over REST: the documented fields as before, the timelines beside them; a learner without courses gets empty lists", async () => {
    const { learner, playlist, videos } = await learnerWithCourses();
    const response = await restCall<MasteryMap>("GET", "/api/mastery", { sessionToken: await sessionTokenFor(learner) });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual(["concepts", "edges", "timelines"]);
    expect(Object.keys(response.json.concepts[0]!).sort()).toEqual(["courses", "evidenceCount", "id", "label", "language", "lastEvidenceAt", "mastery"]);
    expect(response.json.timelines.find((timeline) => timeline.courseId === playlist.id)).toEqual({ courseId: playlist.id, videos });

    const newcomer = await createUser(db);
    const empty = await restCall<MasteryMap>("GET", "/api/mastery", { sessionToken: await sessionTokenFor(newcomer) });
    expect(empty.json).toEqual({ concepts: [], edges: [], timelines: [] });
  });
});

import type { DbClient } from "~/server/db";

import { createCourse, type CourseOverrides } from "./course";
import { uniqueSuffix } from "./user";

/**
 * A video with a six-line transcript (segments 65 s apart: merge sort, a detour about the
 * printing press, merge sort's cost) and a ready course on it, for the chat tutor's tests.
 */
export async function courseWithTranscript(db: DbClient, userId: number, isPublic = false, overrides: CourseOverrides = {}) {
  const videoId = `v${uniqueSuffix()}`.slice(0, 11);
  const lines = [
    "Today we look at how merge sort splits a list in half again and again.",
    "Each half is sorted on its own, and then the two sorted halves are merged.",
    "Merging walks both halves with two pointers and always takes the smaller element.",
    "Now a completely different topic: the history of the printing press in Europe.",
    "Gutenberg's press used movable metal type and oil-based ink.",
    "Back to algorithms: merge sort runs in n log n time in every case.",
  ];
  await db.video.create({
    data: {
      id: videoId,
      source: "library",
      title: "Sorting, and a detour",
      durationSeconds: 600,
      transcripts: {
        create: {
          language: "en",
          source: "library",
          segments: { create: lines.map((text, index) => ({ index, startMs: index * 65_000, endMs: index * 65_000 + 60_000, text })) },
        },
      },
    },
  });
  return createCourse(db, { ...overrides, userId, videoId, isPublic });
}

import type { Db, DbClient } from "~/server/db";
import { refreshCourseConcepts } from "~/server/services/concepts/course-concepts";

import { createCourse, sectionsOf } from "./course";
import { createQuiz } from "./quiz";
import { uniqueSuffix } from "./user";

/** A lecture on hashing: three 60-second sections, each with six lines ten seconds apart. */
export const HASHING = [
  [
    "A hash table stores values under keys.",
    "The hash table keeps an array of buckets.",
    "Looking up a key in a hash table takes constant time on average.",
    "Every hash table needs a way to choose a bucket.",
    "Inserting into a hash table is just as fast.",
    "That is why the hash table is so popular.",
  ],
  [
    "Now the hash function in detail.",
    "A hash function turns a key into a bucket number.",
    "A good hash function spreads the keys evenly.",
    "A bad hash function puts many keys in one bucket.",
    "Collisions happen when the hash function gives two keys one bucket.",
    "So the hash function decides the speed.",
  ],
  [
    "Finally the load factor.",
    "The load factor is the number of keys divided by the number of buckets.",
    "When the load factor grows, collisions grow too.",
    "Most tables resize when the load factor passes three quarters.",
    "Resizing brings the load factor back down.",
    "Keep the load factor low and lookups stay fast.",
  ],
];

/**
 * A ready course (its concepts not found yet) on a new video whose transcript is `lines`: one
 * 60-second section per entry, a line every 10 s.
 */
export async function videoCourse(
  db: DbClient,
  lines: readonly string[][],
  { language = "en", userId, isPublic = false }: { language?: string; userId?: number; isPublic?: boolean } = {},
) {
  const videoId = `c${uniqueSuffix()}`.slice(0, 11);
  const flat = lines.flat();
  await db.video.create({
    data: {
      id: videoId,
      source: "library",
      title: "Lecture",
      durationSeconds: 60 * lines.length,
      transcripts: {
        create: {
          language,
          source: "library",
          segments: { create: flat.map((text, index) => ({ index, startMs: index * 10_000, endMs: index * 10_000 + 9_000, text })) },
        },
      },
    },
  });
  const course = await createCourse(db, { userId, videoId, language, isPublic, sectionsPerChapter: lines.length, conceptsAt: null });
  return { course, sections: sectionsOf(course) };
}

/** A concept explained by a course at one moment of one of its sections (a Concept and its CourseConcept). */
export async function createCourseConcept(
  db: DbClient,
  {
    courseId,
    sectionId,
    key,
    label,
    timeSeconds = 0,
    definition = `${label} is explained here.`,
  }: {
    courseId: number;
    sectionId: number;
    key: string;
    label: string;
    timeSeconds?: number;
    definition?: string;
  },
) {
  const concept = await db.concept.create({ data: { language: "en", key, label } });
  await db.courseConcept.create({ data: { courseId, conceptId: concept.id, rank: 0, definition, moments: [{ sectionId, timeSeconds }] } });
  return concept;
}

/** A public course on HASHING with its concepts found and a quiz of two questions on hash functions in its second section. */
export async function hashingCourseWithQuiz(db: Db) {
  const { course, sections } = await videoCourse(db, HASHING, { isPublic: true });
  const quiz = await createQuiz(db, sections[1]!.id, [
    {
      questionText: "What does a hash function turn a key into?",
      options: ["A bucket number", "A string", "A list", "A tree"],
      correctAnswer: "A bucket number",
      sourceTime: 70,
    },
    {
      questionText: "What makes a hash function good?",
      options: ["It spreads keys evenly", "It is slow", "It sorts keys", "It copies keys"],
      correctAnswer: "It spreads keys evenly",
      sourceTime: 80,
    },
  ]);
  await refreshCourseConcepts(db, course.id);
  return { course, sections, quiz };
}

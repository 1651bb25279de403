/**
 * A course's concepts: found once, from what a model named for its sections or else offline from
 * its transcript (by the engine's rules for the course's language), stored as shared Concept rows
 * plus what the course says of each, with the map's links and the tags of the course's quiz
 * questions. New courses get theirs just after they are saved; older ones from the backfill
 * (backfill.ts), never on a read.
 */
import { z } from "zod";

import { baseLanguage } from "~/lib/languages";
import { extractConcepts, type ExtractedConcept } from "~/server/ai/offline/concepts";
import { rulesFor } from "~/server/ai/offline/language-rules";
import type { Db, DbClient } from "~/server/db";
import {
  claimConceptRefresh,
  findCourseLanguage,
  findQuizToTag,
  insertQuestionTags,
  replaceCourseConcepts,
  replaceQuestionTags,
  selectConceptsToTagWith,
  selectCourseQuestionsToTag,
  selectSectionsWithNamedConcepts,
  storeConceptKeys,
} from "~/server/db/queries/concepts";
import { getCourseTrack } from "~/server/services/transcript/course-track";

import { conceptLinks } from "./links";
import { conceptsFromNames, type NamedSection } from "./named-concepts";
import { conceptsTestedBy, type TaggableConcept } from "./tagging";

type Moments = ExtractedConcept["moments"];

/** The sections of a course in course order, with their times in milliseconds and the concepts a model named for them. */
async function courseSections(db: DbClient, courseId: number): Promise<NamedSection[]> {
  const chapters = await selectSectionsWithNamedConcepts(db, courseId);
  return chapters
    .flatMap((chapter) => chapter.sections)
    .map((s) => ({
      id: s.id,
      startMs: s.timeStart * 1000,
      endMs: s.timeEnd === null ? null : s.timeEnd * 1000,
      named: namedConcepts.safeParse(s.modelConcepts ?? []).data ?? [],
    }));
}

const namedConcepts = z.array(z.object({ label: z.string(), definition: z.string() }));

/**
 * The concepts of a course. A course a model wrote has the concepts the model named for its
 * sections, placed at the moments its transcript says them. Otherwise they are found offline from
 * the transcript; none when it has none, or when it is in another language than the course (its
 * words would label concepts in the wrong language).
 */
async function findConcepts(db: DbClient, course: { id: number; language: string }): Promise<{ concepts: ExtractedConcept[]; sectionOrder: number[] }> {
  const [sections, track] = await Promise.all([courseSections(db, course.id), getCourseTrack(db, course.id)]);
  const sectionOrder = sections.map((section) => section.id);
  const sameLanguage = track !== null && baseLanguage(track.language) === baseLanguage(course.language);
  if (sections.some((section) => section.named.length > 0)) {
    return { concepts: conceptsFromNames({ sections, segments: sameLanguage ? track.segments : null, language: course.language }), sectionOrder };
  }
  if (!sameLanguage) return { concepts: [], sectionOrder };
  const index = rulesFor(course.language).indexPhrases(track.segments.map((segment) => segment.text));
  return { concepts: extractConcepts({ segments: track.segments, sections, index, language: course.language }), sectionOrder };
}

/**
 * Finds and stores the course's concepts, replacing any it had, and tags its quiz questions (a
 * model's tags are kept while their concepts remain; the rest by the questions' words).
 * `onlyIfPending` (the backfill) leaves a course whose concepts were stored meanwhile as it is.
 * Returns how many concepts it stored, or null when the course is not ready (or was left).
 */
export async function refreshCourseConcepts(db: Db, courseId: number, { onlyIfPending = false }: { onlyIfPending?: boolean } = {}): Promise<number | null> {
  const course = await findCourseLanguage(db, courseId);
  if (!course || course.status !== "ready") return null;
  const { concepts, sectionOrder } = await findConcepts(db, course);
  const language = baseLanguage(course.language);

  return db.$transaction(async (tx) => {
    // Locks the course row: two refreshes of one course write one after the other.
    if (!(await claimConceptRefresh(tx, { courseId, onlyIfPending, at: new Date() }))) return null;

    const stored = await storeConceptKeys(tx, { language, concepts });
    const idOf = new Map(stored.map((row) => [row.key, row.id]));

    await replaceCourseConcepts(tx, {
      courseId,
      concepts: concepts.map((c, rank) => ({ conceptId: idOf.get(c.key)!, rank, definition: c.definition, moments: c.moments })),
      edges: conceptLinks(concepts, sectionOrder).map((link) => {
        const [from, to] = [idOf.get(link.from)!, idOf.get(link.to)!];
        return { kind: link.kind, ...(link.kind === "with" && to < from ? { fromId: to, toId: from } : { fromId: from, toId: to }) };
      }),
    });

    const tagged = concepts.map((c) => ({ id: idOf.get(c.key)!, key: c.key, moments: c.moments }));
    const kept = new Set(tagged.map((c) => c.id));
    const questions = await selectCourseQuestionsToTag(tx, courseId);
    await replaceQuestionTags(tx, {
      questionIds: questions.map((q) => q.id),
      // A model's tags stay while their concepts are still the course's; otherwise the question's words decide.
      tags: questions.flatMap((q) => {
        if (!q.quiz) return [];
        const byModel = q.concepts.filter((tag) => kept.has(tag.conceptId));
        if (byModel.length > 0) return byModel.map(({ conceptId }) => ({ questionId: q.id, conceptId, byModel: true }));
        return tagsOf({ ...q, sectionId: q.quiz.sectionId }, tagged, language);
      }),
    });
    return concepts.length;
  });
}

type QuestionToTag = { id: number; questionText: string; correctAnswer: string; sourceTime: number | null; sectionId: number };

function tagsOf(question: QuestionToTag, concepts: readonly TaggableConcept[], language: string) {
  const { id, questionText, correctAnswer, sourceTime, sectionId } = question;
  return conceptsTestedBy({ text: questionText, answer: correctAnswer, sectionId, sourceTime }, concepts, language).map((conceptId) => ({
    questionId: id,
    conceptId,
  }));
}

/** The course's concepts as tagging reads them, strongest first. */
async function taggableConcepts(db: DbClient, courseId: number): Promise<(TaggableConcept & { label: string })[]> {
  const rows = await selectConceptsToTagWith(db, courseId);
  return rows.map((row) => ({ id: row.conceptId, key: row.concept.key, label: row.concept.label, moments: row.moments as Moments }));
}

/** The labels of the concepts a section explains, strongest first: what a model is asked to tag its quiz with. */
export async function sectionConceptLabels(db: DbClient, { courseId, sectionId }: { courseId: number; sectionId: number }): Promise<string[]> {
  const concepts = await taggableConcepts(db, courseId);
  return concepts.filter((concept) => concept.moments.some((moment) => moment.sectionId === sectionId)).map((concept) => concept.label);
}

const labelKey = (label: string) => label.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Tags the questions of a quiz just stored with the concepts they test: those a model tagged it
 * with (`modelTags[k]`, the labels of question k + 1 in order) when it named any it was shown,
 * otherwise by the question's words (tagging.ts). A course whose concepts are not found yet gets
 * its questions tagged when they are, by their words.
 */
export async function tagQuizQuestions(db: DbClient, quizId: number, modelTags: readonly (readonly string[] | undefined)[] = []): Promise<void> {
  const quiz = await findQuizToTag(db, quizId);
  const course = quiz?.section.chapter?.course;
  if (!quiz || !course) return;
  const concepts = await taggableConcepts(db, course.id);
  if (concepts.length === 0) return;
  const idOfLabel = new Map(concepts.map((concept) => [labelKey(concept.label), concept.id]));
  await insertQuestionTags(
    db,
    quiz.questions.flatMap((q) => {
      const tagged = [...new Set((modelTags[q.order - 1] ?? []).flatMap((label) => idOfLabel.get(labelKey(label)) ?? []))];
      if (tagged.length > 0) return tagged.map((conceptId) => ({ questionId: q.id, conceptId, byModel: true }));
      return tagsOf({ ...q, sectionId: quiz.sectionId }, concepts, baseLanguage(course.language));
    }),
  );
}

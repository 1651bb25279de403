/**
 * The contract between the two ways into the API: the Next route files (src/app/api, what
 * development serves) and the production fast path (src/server/api/direct.ts over real HTTP).
 * Both read one route table; this proves they answer alike. Every documented REST path, every
 * other row of the table and the HTTP refusals are sent through each entry, each against a world
 * of its own built the same way (a learner with a course, a quiz, a chat, progress, a job, a
 * coupon), in the same order, so the two worlds stay alike. The statuses must be equal, and the
 * bodies equal once what differs by construction is masked: row ids, times, the two worlds'
 * names and the two origins.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import * as nextCatchAll from "~/app/api/[...path]/route";
import * as nextGoogle from "~/app/api/auth/google/route";
import * as nextPasswordReset from "~/app/api/auth/password-reset/route";
import * as nextPasswordResetConfirm from "~/app/api/auth/password-reset/confirm/route";
import { serveApiDirectly } from "~/server/api/direct";
import { startRegeneration } from "~/server/services/editing/regenerate";
import { listActiveChallenges } from "~/server/services/gamification/challenges";
import { startCourseGeneration } from "~/server/services/generation/start-generation";

import { randomIp, sessionCookieHeader, sessionTokenFor } from "../caller";
import { db } from "../db";
import { courseWithTranscript, createCourse, createProgress, createUser, DEFAULT_PASSWORD, uniqueSuffix } from "../factories";
import { createQuiz, createQuizCourse } from "../factories/quiz";
import { createAssignmentRow, createClassRow } from "../factories/classes";
import { createCourseConcept } from "../factories/concepts";
import { createEditableCourse, type EditableCourse } from "../factories/editing";
import { createCardRow, createNoteRow } from "../factories/study-rows";
import { drainGenerationQueue, libraryDeps, whileDraining } from "../generation";
import { documentedOperations, ORIGIN } from "../http";

/** A browser's push subscription keys, as a real one sends them (P-256 public point, 16-byte secret). */
const PUSH_P256DH = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
const PUSH_AUTH = "tBHItJI5svbpez7KI4CCXg";
const PUSH_ENDPOINT = "https://203.0.114.9/push/contract";

type World = {
  tag: string;
  owner: { id: number; username: string };
  token: string;
  courseId: number;
  sectionIds: number[];
  quizId: number;
  answers: { questionId: number; answer: string }[];
  chatCourseId: number;
  jobId: string;
  challengeId: number;
  coupon: string;
  /** Two due flashcards: one to review, one to delete. */
  cardIds: [number, number];
  /** Two of the owner's notes on the course: one to edit, one to delete. */
  noteIds: [number, number];
  /** A concept of the course, explained in its first section and tested by its quiz's first question. */
  conceptId: number;
  /** The owner's class with two members (one to make a teacher, one to remove), one to delete, a class the owner is in and may leave, and another learner's code. */
  classes: { main: number; roleMember: number; removedMember: number; deleted: number; left: number; joinCode: string; assignable: number; assignment: number };
  /** A course the editing rows correct, one version after another (4 sections of 60 s, a quiz on the first). */
  editing: EditableCourse;
  /** A course whose second section's regeneration is queued, and that regeneration. */
  regenerating: EditableCourse;
  regenerationJobId: string;
};

async function buildWorld(tag: string): Promise<World> {
  const owner = await createUser(db, { username: `contract_${tag}`, couponPremiumUntil: new Date(Date.now() + 30 * 86_400_000) });
  const about = (title: string) => ({ title, description: `About ${title}`, topic: title, thumbnailUrl: "https://images.example.test/contract.jpg" });
  // A regeneration, queued (the queue runs once the rows are done).
  const regenerating = await createEditableCourse(db, { userId: owner.id, ...about(`Regenerated contract course ${tag}`) });
  const regeneration = await startRegeneration(db, { userId: owner.id, id: regenerating.sectionIds[1]!, version: 1 });
  const { course, sections } = await createQuizCourse(db, { userId: owner.id, ...about(`Contract course ${tag}`) });
  await createCourse(db, { userId: owner.id, isPublic: true, ...about(`Shared contract course ${tag}`) });
  const quiz = await createQuiz(db, sections[0]!.id);
  await createProgress(db, { userId: owner.id, courseId: course.id, currentSectionId: sections[0]!.id, completedSectionIds: [sections[0]!.id] });
  const chatCourse = await courseWithTranscript(db, owner.id, false, about(`Chat contract course ${tag}`));
  await db.chatMessage.create({ data: { userId: owner.id, courseId: chatCourse.id, role: "user", content: "What does merging do?" } });
  const job = await startCourseGeneration(db, owner.id, { topic: "binary search", complexity: "beginner", additionalInstructions: null });
  const [challenge] = await listActiveChallenges(db);
  const coupon = `CONTRACT${tag}${uniqueSuffix()}`.toUpperCase();
  await db.coupon.create({ data: { code: coupon, premiumDays: 30, maxRedemptions: 10 } });
  const card = (front: string) =>
    createCardRow(db, { userId: owner.id, courseId: course.id, front, back: "Back", timeSeconds: 12, due: new Date(Date.now() - 60_000) });
  const cardIds: [number, number] = [(await card("Why halve the range?")).id, (await card("When does it stop?")).id];
  const note = (text: string) => createNoteRow(db, { userId: owner.id, courseId: course.id, timeSeconds: 30, text });
  const noteIds: [number, number] = [(await note("To edit")).id, (await note("To delete")).id];
  const concept = await createCourseConcept(db, {
    courseId: course.id,
    sectionId: sections[0]!.id,
    key: `contract concept ${tag} ${uniqueSuffix()}`,
    label: "Contract concept",
    timeSeconds: 5,
  });
  await db.questionConcept.create({ data: { questionId: quiz.questions[0]!.id, conceptId: concept.id } });
  const [teacher, roleMember, removedMember] = await Promise.all(["t", "r", "x"].map((name) => createUser(db, { username: `contract_${tag}_${name}` })));
  const members = [{ userId: roleMember!.id }, { userId: removedMember!.id }];
  const main = await createClassRow(db, { ownerId: owner.id, name: "Contract class", members });
  const joinable = await createClassRow(db, { ownerId: teacher!.id, name: "Contract class to join" });
  const left = await createClassRow(db, { ownerId: teacher!.id, name: "Contract class to leave", members: [{ userId: owner.id }] });
  const deleted = await createClassRow(db, { ownerId: owner.id, name: "Contract class to delete" });
  const assignment = await createAssignmentRow(db, { classId: main.id, courseId: course.id });
  const assignable = await createCourse(db, { userId: owner.id, ...about(`Assignable contract course ${tag}`) });
  const editing = await createEditableCourse(db, { userId: owner.id, ...about(`Editing contract course ${tag}`) });
  return {
    editing,
    regenerating,
    regenerationJobId: regeneration.jobId,
    classes: {
      main: main.id,
      roleMember: roleMember!.id,
      removedMember: removedMember!.id,
      deleted: deleted.id,
      left: left.id,
      joinCode: joinable.inviteCode,
      assignable: assignable.id,
      assignment: assignment.id,
    },
    conceptId: concept.id,
    tag,
    noteIds,
    cardIds,
    owner: { id: owner.id, username: owner.username },
    token: await sessionTokenFor(owner),
    courseId: course.id,
    sectionIds: sections.map((section) => section.id),
    quizId: quiz.id,
    answers: quiz.questions.map((question) => ({ questionId: question.id, answer: question.correctAnswer })),
    chatCourseId: chatCourse.id,
    jobId: job.id,
    challengeId: challenge!.id,
    coupon,
  };
}

/** A request of a world: its method, path and query, JSON body, and whether it is sent signed in. */
type Call = { method: string; path: string; json?: unknown; body?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string>; anonymous?: boolean };
/** `status`: what both entries must answer (200 unless given). */
type Row = { key: string; call: (w: World) => Call; status?: number; drain?: boolean; signIn?: boolean };

const own = (w: World) => ({ userId: w.owner.id });

/** Every documented path (checked against the OpenAPI document below), in an order that keeps each world usable. */
const DOCUMENTED: Row[] = [
  { key: "GET /user", call: () => ({ method: "GET", path: "/api/user" }) },
  { key: "GET /courses/user", call: () => ({ method: "GET", path: "/api/courses/user" }) },
  { key: "GET /courses", call: (w) => ({ method: "GET", path: `/api/courses?userId=${w.owner.id}` }) },
  { key: "GET /courses/{id}", call: (w) => ({ method: "GET", path: `/api/courses/${w.courseId}` }) },
  { key: "GET /recommendations", call: () => ({ method: "GET", path: "/api/recommendations" }) },
  { key: "GET /courses/{id}/related", call: (w) => ({ method: "GET", path: `/api/courses/${w.courseId}/related` }) },
  { key: "GET /courses/{id}/transcript", call: (w) => ({ method: "GET", path: `/api/courses/${w.courseId}/transcript` }) },
  { key: "GET /courses/{id}/notes", call: (w) => ({ method: "GET", path: `/api/courses/${w.courseId}/notes` }) },
  {
    key: "POST /courses/{id}/notes",
    call: (w) => ({ method: "POST", path: `/api/courses/${w.courseId}/notes`, json: { timeSeconds: 61.5, text: "A *new* note" } }),
  },
  { key: "PATCH /notes/{id}", call: (w) => ({ method: "PATCH", path: `/api/notes/${w.noteIds[0]}`, json: { text: "Edited", quote: "a line" } }) },
  { key: "DELETE /notes/{id}", call: (w) => ({ method: "DELETE", path: `/api/notes/${w.noteIds[1]}` }) },
  { key: "GET /progress/user", call: () => ({ method: "GET", path: "/api/progress/user" }) },
  { key: "GET /courses/{id}/progress", call: (w) => ({ method: "GET", path: `/api/courses/${w.courseId}/progress?userId=${w.owner.id}` }) },
  {
    key: "POST /courses/{id}/progress",
    call: (w) => ({ method: "POST", path: `/api/courses/${w.courseId}/progress`, json: { ...own(w), completedSectionId: w.sectionIds[1], isCompleted: true } }),
  },
  { key: "GET /sections/{id}/quiz", call: (w) => ({ method: "GET", path: `/api/sections/${w.sectionIds[0]}/quiz` }) },
  { key: "POST /sections/{id}/generate-quiz", call: (w) => ({ method: "POST", path: `/api/sections/${w.sectionIds[2]}/generate-quiz` }) },
  { key: "POST /quizzes/{id}/attempts", call: (w) => ({ method: "POST", path: `/api/quizzes/${w.quizId}/attempts`, json: { ...own(w), answers: w.answers } }) },
  { key: "GET /review/queue", call: () => ({ method: "GET", path: "/api/review/queue" }) },
  { key: "GET /mastery", call: () => ({ method: "GET", path: "/api/mastery" }) },
  { key: "GET /courses/{id}/concepts", call: (w) => ({ method: "GET", path: `/api/courses/${w.courseId}/concepts` }) },
  { key: "POST /practice", call: (w) => ({ method: "POST", path: "/api/practice", json: { conceptIds: [w.conceptId] } }) },
  { key: "POST /practice/answers", call: (w) => ({ method: "POST", path: "/api/practice/answers", json: w.answers[0] }) },
  { key: "POST /classes", call: () => ({ method: "POST", path: "/api/classes", json: { name: "A new contract class" } }) },
  { key: "GET /classes", call: () => ({ method: "GET", path: "/api/classes" }) },
  { key: "GET /classes/{id}", call: (w) => ({ method: "GET", path: `/api/classes/${w.classes.main}` }) },
  { key: "GET /classes/join/{code}", call: (w) => ({ method: "GET", path: `/api/classes/join/${w.classes.joinCode}` }) },
  { key: "POST /classes/join", call: (w) => ({ method: "POST", path: "/api/classes/join", json: { code: w.classes.joinCode } }) },
  { key: "POST /classes/{id}/leave", call: (w) => ({ method: "POST", path: `/api/classes/${w.classes.left}/leave` }) },
  // Not made from an LMS context: 422 through both entries (the sync itself: src/server/lti/grades.int.test.ts).
  { key: "POST /classes/{id}/roster-sync", call: (w) => ({ method: "POST", path: `/api/classes/${w.classes.main}/roster-sync` }), status: 422 },
  { key: "POST /classes/{id}/invite", call: (w) => ({ method: "POST", path: `/api/classes/${w.classes.main}/invite`, json: { expiresInDays: 7 } }) },
  { key: "DELETE /classes/{id}/invite", call: (w) => ({ method: "DELETE", path: `/api/classes/${w.classes.main}/invite` }) },
  {
    key: "PATCH /classes/{id}/members/{memberId}",
    call: (w) => ({ method: "PATCH", path: `/api/classes/${w.classes.main}/members/${w.classes.roleMember}`, json: { role: "teacher" } }),
  },
  {
    key: "DELETE /classes/{id}/members/{memberId}",
    call: (w) => ({ method: "DELETE", path: `/api/classes/${w.classes.main}/members/${w.classes.removedMember}` }),
  },
  { key: "PATCH /classes/{id}", call: (w) => ({ method: "PATCH", path: `/api/classes/${w.classes.main}`, json: { name: "Contract class, renamed" } }) },
  { key: "DELETE /classes/{id}", call: (w) => ({ method: "DELETE", path: `/api/classes/${w.classes.deleted}` }) },
  {
    key: "POST /classes/{id}/assignments",
    call: (w) => ({
      method: "POST",
      path: `/api/classes/${w.classes.main}/assignments`,
      json: { courseId: w.classes.assignable, dueAt: "2030-06-01", note: "Chapters 1 and 2" },
    }),
  },
  { key: "GET /classes/{id}/assignments", call: (w) => ({ method: "GET", path: `/api/classes/${w.classes.main}/assignments` }) },
  { key: "GET /classes/{id}/dashboard", call: (w) => ({ method: "GET", path: `/api/classes/${w.classes.main}/dashboard` }) },
  { key: "GET /classes/{id}/export", call: (w) => ({ method: "GET", path: `/api/classes/${w.classes.main}/export?format=csv` }) },
  { key: "GET /assignments", call: () => ({ method: "GET", path: "/api/assignments" }) },
  { key: "DELETE /assignments/{id}", call: (w) => ({ method: "DELETE", path: `/api/assignments/${w.classes.assignment}` }) },
  { key: "POST /cards/{id}/review", call: (w) => ({ method: "POST", path: `/api/cards/${w.cardIds[0]}/review`, json: { rating: "good" } }) },
  { key: "DELETE /cards/{id}", call: (w) => ({ method: "DELETE", path: `/api/cards/${w.cardIds[1]}` }) },
  {
    key: "POST /courses/{id}/cards",
    call: (w) => ({
      method: "POST",
      path: `/api/courses/${w.courseId}/cards`,
      json: { source: "transcript", front: "Which half?", back: "The right one", timeSeconds: 30 },
    }),
  },
  { key: "GET /courses/{id}/chat", call: (w) => ({ method: "GET", path: `/api/courses/${w.chatCourseId}/chat?userId=${w.owner.id}` }) },
  {
    key: "POST /courses/{id}/chat",
    call: (w) => ({ method: "POST", path: `/api/courses/${w.chatCourseId}/chat`, json: { ...own(w), content: "How does merging work?" } }),
  },
  {
    key: "POST /courses/{id}/chat/stream",
    call: (w) => ({ method: "POST", path: `/api/courses/${w.chatCourseId}/chat/stream`, json: { content: "Why split the list?" } }),
  },
  { key: "GET /courses/{id}/export", call: (w) => ({ method: "GET", path: `/api/courses/${w.courseId}/export?format=markdown` }) },
  { key: "GET /cards/export", call: () => ({ method: "GET", path: "/api/cards/export?format=tsv" }) },
  // Editing: each edit names the version the one before it answered (1, 2, …), the same in both worlds.
  {
    key: "PATCH /courses/{id}",
    call: (w) => ({
      method: "PATCH",
      path: `/api/courses/${w.editing.id}`,
      json: { title: "Binary search, corrected", description: "Now with *examples*", version: 1 },
    }),
  },
  { key: "PATCH /chapters/{id}", call: (w) => ({ method: "PATCH", path: `/api/chapters/${w.editing.chapterId}`, json: { title: "Basics", version: 2 } }) },
  {
    key: "PATCH /sections/{id}",
    call: (w) => ({
      method: "PATCH",
      path: `/api/sections/${w.editing.sectionIds[1]}`,
      json: { title: "Halving", content: "**Halve** the range [1:10]", timeStart: 70, version: 3 },
    }),
  },
  {
    key: "POST /sections/{id}/split",
    call: (w) => ({ method: "POST", path: `/api/sections/${w.editing.sectionIds[2]}/split`, json: { atSeconds: 150, version: 4 } }),
  },
  {
    key: "POST /sections/{id}/merge-next",
    call: (w) => ({ method: "POST", path: `/api/sections/${w.editing.sectionIds[0]}/merge-next`, json: { version: 5 } }),
  },
  { key: "DELETE /questions/{id}", call: (w) => ({ method: "DELETE", path: `/api/questions/${w.editing.questionIds[0]}?version=6` }) },
  { key: "GET /courses/{id}/versions", call: (w) => ({ method: "GET", path: `/api/courses/${w.editing.id}/versions` }) },
  { key: "GET /courses/{id}/versions/{version}", call: (w) => ({ method: "GET", path: `/api/courses/${w.editing.id}/versions/4` }) },
  {
    key: "POST /courses/{id}/versions/{version}/restore",
    call: (w) => ({ method: "POST", path: `/api/courses/${w.editing.id}/versions/1/restore`, json: { baseVersion: 7 } }),
  },
  { key: "GET /regenerations/{jobId}", call: (w) => ({ method: "GET", path: `/api/regenerations/${w.regenerationJobId}` }) },
  {
    key: "POST /sections/{id}/regenerate",
    call: (w) => ({ method: "POST", path: `/api/sections/${w.regenerating.sectionIds[2]}/regenerate`, json: { instructions: "more on halving", version: 1 } }),
  },
  { key: "GET /streaks/{userId}", call: (w) => ({ method: "GET", path: `/api/streaks/${w.owner.id}` }) },
  { key: "POST /streaks/{userId}/activity", call: (w) => ({ method: "POST", path: `/api/streaks/${w.owner.id}/activity` }) },
  { key: "GET /users/{userId}/badges", call: (w) => ({ method: "GET", path: `/api/users/${w.owner.id}/badges` }) },
  { key: "GET /challenges/active", call: () => ({ method: "GET", path: "/api/challenges/active" }) },
  { key: "GET /users/{userId}/challenges", call: (w) => ({ method: "GET", path: `/api/users/${w.owner.id}/challenges` }) },
  { key: "POST /users/{userId}/challenges/{challengeId}", call: (w) => ({ method: "POST", path: `/api/users/${w.owner.id}/challenges/${w.challengeId}` }) },
  { key: "GET /subscription/course-limit", call: () => ({ method: "GET", path: "/api/subscription/course-limit" }) },
  { key: "GET /subscription", call: () => ({ method: "GET", path: "/api/subscription" }) },
  { key: "POST /coupons/redeem", call: (w) => ({ method: "POST", path: "/api/coupons/redeem", json: { code: w.coupon } }) },
  { key: "POST /subscription/create-checkout", call: () => ({ method: "POST", path: "/api/subscription/create-checkout" }), status: 503 },
  { key: "POST /subscription/portal", call: () => ({ method: "POST", path: "/api/subscription/portal" }), status: 503 },
  { key: "GET /generation-jobs/{jobId}", call: (w) => ({ method: "GET", path: `/api/generation-jobs/${w.jobId}` }) },
  { key: "POST /generation-jobs", call: () => ({ method: "POST", path: "/api/generation-jobs", json: { topic: "merge sort", complexity: "beginner" } }) },
  {
    key: "POST /courses/generate-from-topic",
    call: (w) => ({
      method: "POST",
      path: "/api/courses/generate-from-topic",
      json: { ...own(w), topic: "binary search", complexity: "beginner", additionalInstructions: "" },
    }),
    drain: true,
  },
  { key: "POST /auth/google", call: (w) => ({ method: "POST", path: "/api/auth/google", json: { uid: String(w.owner.id), displayName: "Contract" } }) },
  // ── issue 45: reminders, web push and offline reviews ──
  { key: "GET /user/reminders", call: () => ({ method: "GET", path: "/api/user/reminders" }) },
  {
    key: "PUT /user/reminders",
    call: () => ({
      method: "PUT",
      path: "/api/user/reminders",
      json: { email: true, push: false, hour: 18, timeZone: "Europe/Berlin", kinds: ["due-cards", "streak"] },
    }),
  },
  { key: "GET /push/vapid-public-key", call: () => ({ method: "GET", path: "/api/push/vapid-public-key", anonymous: true }) },
  {
    key: "POST /push/subscriptions",
    // One endpoint for both worlds (a browser's endpoint is unique): each world subscribes it, then removes it.
    call: () => ({
      method: "POST",
      path: "/api/push/subscriptions",
      json: { endpoint: PUSH_ENDPOINT, expirationTime: null, keys: { p256dh: PUSH_P256DH, auth: PUSH_AUTH } },
    }),
  },
  {
    key: "DELETE /push/subscriptions",
    call: () => ({ method: "DELETE", path: `/api/push/subscriptions?endpoint=${encodeURIComponent(PUSH_ENDPOINT)}` }),
  },
  {
    key: "POST /reviews/sync",
    call: (w) => ({
      method: "POST",
      path: "/api/reviews/sync",
      json: { reviews: [{ clientId: "00000000-0000-4000-8000-0000000000aa", cardId: w.cardIds[0], rating: "good", reviewedAt: new Date().toISOString() }] },
    }),
  },
  // ── issue 45, mail: the address and forgotten passwords ──
  { key: "GET /user/email", call: () => ({ method: "GET", path: "/api/user/email" }) },
  { key: "PATCH /user/email", call: (w) => ({ method: "PATCH", path: "/api/user/email", json: { email: `contract_${w.tag}+new@example.test` } }), status: 202 },
  { key: "POST /user/email/resend", call: () => ({ method: "POST", path: "/api/user/email/resend" }), status: 202 },
  {
    key: "POST /user/email/verify",
    call: () => ({ method: "POST", path: "/api/user/email/verify", anonymous: true, json: { token: "A".repeat(43) } }),
    status: 400,
  },
  {
    key: "POST /auth/password-reset",
    call: (w) => ({ method: "POST", path: "/api/auth/password-reset", anonymous: true, json: { identifier: `contract_nobody_${w.tag}` } }),
    status: 202,
  },
  {
    key: "POST /auth/password-reset/confirm",
    call: () => ({ method: "POST", path: "/api/auth/password-reset/confirm", anonymous: true, json: { token: "A".repeat(43), password: "password123" } }),
    status: 400,
  },
  // ── end issue 45, mail ──
  {
    key: "POST /register",
    call: (w) => ({
      method: "POST",
      path: "/api/register",
      anonymous: true,
      json: { username: `contract_new_${w.tag}`, email: `contract_new_${w.tag}@example.test`, password: "password123" },
    }),
  },
  {
    key: "POST /login",
    call: (w) => ({ method: "POST", path: "/api/login", anonymous: true, json: { username: w.owner.username, password: DEFAULT_PASSWORD } }),
  },
  // Last: it ends the world's session (the rows after it sign in again).
  { key: "POST /logout", call: () => ({ method: "POST", path: "/api/logout" }), signIn: true },
];

/** The table's other rows, and what the HTTP guards refuse. */
const OTHERS: Row[] = [
  { key: "GET /api/health", call: () => ({ method: "GET", path: "/api/health" }) },
  { key: "GET /api/openapi.json", call: () => ({ method: "GET", path: "/api/openapi.json" }) },
  { key: "GET /api/docs", call: () => ({ method: "GET", path: "/api/docs" }) },
  { key: "GET /api/panel (production: 404)", call: () => ({ method: "GET", path: "/api/panel" }), status: 404 },
  {
    key: "GET /api/trpc/course.byId",
    call: (w) => ({ method: "GET", path: `/api/trpc/course.byId?input=${encodeURIComponent(JSON.stringify({ json: { id: w.courseId } }))}` }),
  },
  {
    key: "POST /api/trpc/course.setSharing",
    call: (w) => ({ method: "POST", path: "/api/trpc/course.setSharing", json: { json: { id: w.courseId, isPublic: false } } }),
  },
  {
    key: "POST /api/webhooks/stripe (payments not configured)",
    call: () => ({ method: "POST", path: "/api/webhooks/stripe", json: { id: "evt_1" }, headers: { "stripe-signature": "t=1,v1=00" } }),
    status: 503,
  },
  // LTI 1.3 (src/server/api/lti.ts; launches end to end in src/server/api/lti.int.test.ts).
  { key: "GET /api/lti/jwks", call: () => ({ method: "GET", path: "/api/lti/jwks", anonymous: true }) },
  { key: "GET /api/lti/login without its parameters", call: () => ({ method: "GET", path: "/api/lti/login", anonymous: true }), status: 400 },
  {
    key: "POST /api/lti/launch without a state",
    call: () => ({
      method: "POST",
      path: "/api/lti/launch",
      anonymous: true,
      body: "id_token=a.b.c",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
    }),
    status: 401,
  },
  { key: "POST /api/lti/launch as JSON", call: () => ({ method: "POST", path: "/api/lti/launch", anonymous: true, json: { state: "s" } }), status: 415 },
  { key: "DELETE /api/lti/launch", call: () => ({ method: "DELETE", path: "/api/lti/launch", anonymous: true }), status: 405 },
  {
    key: "anonymous POST /api/lti/deep-link",
    call: () => ({ method: "POST", path: "/api/lti/deep-link", anonymous: true, json: { launchId: "00000000-0000-4000-8000-000000000000", courseId: 1 } }),
    status: 401,
  },
  {
    key: "POST /api/lti/deep-link of an unknown launch",
    call: (w) => ({ method: "POST", path: "/api/lti/deep-link", json: { launchId: "00000000-0000-4000-8000-000000000000", courseId: w.courseId } }),
    status: 404,
  },
  { key: "anonymous GET /api/courses/{id}", call: (w) => ({ method: "GET", path: `/api/courses/${w.courseId}`, anonymous: true }), status: 401 },
  {
    key: "anonymous chat stream",
    call: (w) => ({ method: "POST", path: `/api/courses/${w.chatCourseId}/chat/stream`, anonymous: true, json: { content: "Hi" } }),
    status: 401,
  },
  {
    key: "chat stream with a bad body",
    call: (w) => ({ method: "POST", path: `/api/courses/${w.chatCourseId}/chat/stream`, body: "[1,2]", headers: { "content-type": "application/json" } }),
    status: 400,
  },
  {
    key: "chat stream for another userId",
    call: (w) => ({ method: "POST", path: `/api/courses/${w.chatCourseId}/chat/stream`, json: { content: "Hi", userId: w.owner.id + 100_000 } }),
    status: 403,
  },
  { key: "course export in an unknown format", call: (w) => ({ method: "GET", path: `/api/courses/${w.courseId}/export?format=pdf` }), status: 400 },
  { key: "cards export of an unknown course", call: () => ({ method: "GET", path: "/api/cards/export?format=anki&courseId=2147483647" }), status: 404 },
  { key: "anonymous cards export", call: () => ({ method: "GET", path: "/api/cards/export?format=anki", anonymous: true }), status: 401 },
  { key: "an unknown path", call: () => ({ method: "GET", path: "/api/no-such-path" }), status: 404 },
  { key: "a known path, another method", call: (w) => ({ method: "DELETE", path: `/api/courses/${w.courseId}` }), status: 405 },
  { key: "GET on the webhook", call: () => ({ method: "GET", path: "/api/webhooks/stripe" }), status: 405 },
  { key: "GET on a POST path a template of GET also matches", call: () => ({ method: "GET", path: "/api/courses/generate-from-topic" }), status: 405 },
  { key: "OPTIONS on a documented path", call: (w) => ({ method: "OPTIONS", path: `/api/courses/${w.courseId}/chat` }), status: 204 },
  { key: "OPTIONS on a row of the table", call: () => ({ method: "OPTIONS", path: "/api/trpc/course.byId" }), status: 204 },
  { key: "HEAD on a course", call: (w) => ({ method: "HEAD", path: `/api/courses/${w.courseId}` }) },
  { key: "anonymous HEAD /api/user", call: () => ({ method: "HEAD", path: "/api/user", anonymous: true }), status: 401 },
  { key: "HEAD on an unknown path", call: () => ({ method: "HEAD", path: "/api/no-such-path" }), status: 404 },
  { key: "HEAD on a download", call: (w) => ({ method: "HEAD", path: `/api/courses/${w.courseId}/export?format=markdown` }) },
  { key: "malformed JSON", call: () => ({ method: "POST", path: "/api/login", body: "{nope", headers: { "content-type": "application/json" } }), status: 400 },
  {
    key: "a form body",
    call: () => ({ method: "POST", path: "/api/login", body: "username=a", headers: { "content-type": "application/x-www-form-urlencoded" } }),
    status: 415,
  },
  { key: "a cross-site mutation", call: () => ({ method: "POST", path: "/api/logout", headers: { "sec-fetch-site": "cross-site" } }), status: 403 },
  { key: "a body over 1 MiB", call: () => ({ method: "POST", path: "/api/login", json: { username: "x".repeat(1_100_000) } }), status: 413 },
  {
    key: "bytes that are not UTF-8",
    call: () => ({ method: "POST", path: "/api/login", body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]), headers: { "content-type": "application/json" } }),
    status: 400,
  },
  { key: "a bad query value", call: () => ({ method: "GET", path: "/api/courses?userId=abc" }), status: 400 },
  // After the editing rows (version 8): a stale edit is a 409 whose data carries the version now; an empty one a 400.
  {
    key: "a stale edit",
    call: (w) => ({ method: "PATCH", path: `/api/sections/${w.editing.sectionIds[3]}`, json: { title: "Late", version: 7 } }),
    status: 409,
  },
  { key: "an edit that changes nothing", call: (w) => ({ method: "PATCH", path: `/api/courses/${w.editing.id}`, json: { version: 8 } }), status: 400 },
  { key: "a version the course never had", call: (w) => ({ method: "GET", path: `/api/courses/${w.editing.id}/versions/99` }), status: 404 },
  {
    key: "a split too near the start",
    call: (w) => ({ method: "POST", path: `/api/sections/${w.editing.sectionIds[3]}/split`, json: { atSeconds: 190, version: 8 } }),
    status: 422,
  },
  { key: "the course after the edits", call: (w) => ({ method: "GET", path: `/api/courses/${w.editing.id}` }) },
];

// ─── the two entries ─────────────────────────────────────────────────────────

type Answer = { status: number; contentType: string; allow: string | null; contentLength: string | null; text: string };

const answerOf = async (response: Response): Promise<Answer> => ({
  status: response.status,
  contentType: response.headers.get("content-type") ?? "",
  allow: response.headers.get("allow"),
  contentLength: response.headers.get("content-length"),
  text: await response.text(),
});

function headersOf(w: World, call: Call): Headers {
  const headers = new Headers(call.headers);
  headers.set("x-forwarded-for", randomIp());
  if (!call.anonymous) headers.set("cookie", sessionCookieHeader(w.token));
  if (call.json !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  return headers;
}

const bodyOf = (call: Call) => (call.json !== undefined ? JSON.stringify(call.json) : call.body);

type RouteModule = Partial<Record<string, (req: Request) => Promise<Response>>>;

/** As Next would: the route file that owns the path, then its export for the method. */
async function throughNext(w: World, call: Call): Promise<Answer> {
  const pathname = new URL(call.path, ORIGIN).pathname;
  const staticRoutes: Record<string, RouteModule> = {
    "/api/auth/google": nextGoogle,
    "/api/auth/password-reset": nextPasswordReset,
    "/api/auth/password-reset/confirm": nextPasswordResetConfirm,
  };
  const routeFile: RouteModule = staticRoutes[pathname] ?? nextCatchAll;
  const handler = routeFile[call.method];
  if (!handler) throw new Error(`no ${call.method} export for ${pathname}`);
  return answerOf(await handler(new Request(`${ORIGIN}${call.path}`, { method: call.method, headers: headersOf(w, call), body: bodyOf(call) })));
}

let server: http.Server;
let base = "";

async function throughFastPath(w: World, call: Call): Promise<Answer> {
  return answerOf(await fetch(`${base}${call.path}`, { method: call.method, headers: headersOf(w, call), body: bodyOf(call) }));
}

// ─── masking what differs by construction ────────────────────────────────────

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const ID_KEY = /(?:^id|Id|Ids|^completedSections)$/;
const TIME_KEY = /(?:At|Until|timestamp|Date|date|lastActivity|End)$/;

function mask(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((item) => mask(item, key));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mask(item, name)]));
  if (value !== null && ID_KEY.test(key)) return "<id>";
  if (typeof value === "string" && key === "inviteCode") return "<invite code>";
  if (value !== null && TIME_KEY.test(key)) return "<time>";
  if (typeof value === "string" && ISO_TIME.test(value)) return "<time>";
  return value;
}

function normalise(answer: Answer, w: World, origin: string): unknown {
  const text = answer.text
    .replaceAll(origin, "<origin>")
    .replaceAll(`contract_new_${w.tag}`, "<new user>")
    .replaceAll(`contract_${w.tag}`, "<user>")
    .replaceAll(w.coupon, "<coupon>");
  const worldless = text.replace(/contract course [ab]\b/gi, "<course>").replace(/\/course\/\d+/g, "/course/<id>");
  if (answer.contentType.includes("text/event-stream")) {
    return worldless.split("\n\n").map((event) => (event.startsWith("data: {") ? mask(JSON.parse(event.slice(6))) : event));
  }
  if (answer.contentType.includes("application/json") && worldless) return mask(JSON.parse(worldless));
  return worldless;
}

// ─── the run ─────────────────────────────────────────────────────────────────

let viaNext: World;
let viaFastPath: World;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (!serveApiDirectly(req, res)) res.writeHead(599).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  viaNext = await buildWorld("a");
  viaFastPath = await buildWorld("b");
});

afterAll(async () => {
  await drainGenerationQueue(db, libraryDeps());
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function compare(row: Row): Promise<void> {
  const send = (entry: typeof throughNext, w: World) => (row.drain ? whileDraining(db, entry(w, row.call(w))) : entry(w, row.call(w)));
  const next = await send(throughNext, viaNext);
  const fast = await send(throughFastPath, viaFastPath);
  if (row.signIn) for (const w of [viaNext, viaFastPath]) w.token = await sessionTokenFor({ id: w.owner.id });
  expect(next.status, `${row.key}: ${next.text.slice(0, 200)}`).toBe(row.status ?? 200);
  expect(fast.status, `${row.key}: ${fast.text.slice(0, 200)}`).toBe(next.status);
  expect(fast.contentType).toBe(next.contentType);
  expect(fast.allow, `${row.key}: Allow`).toBe(next.allow);
  if (row.call(viaNext).method === "HEAD") {
    expect([next.text, fast.text], `${row.key}: a HEAD answer has no body`).toEqual(["", ""]);
    expect(Number(next.contentLength), `${row.key}: Content-Length of the GET`).toBeGreaterThan(0);
    expect(fast.contentLength === null, `${row.key}: both entries give a Content-Length`).toBe(false);
  }
  expect(normalise(fast, viaFastPath, base)).toEqual(normalise(next, viaNext, ORIGIN));
}

describe("both entries answer alike", () => {
  test("every documented path has a row", () => {
    const documented = documentedOperations();
    expect(DOCUMENTED.map((row) => row.key).sort()).toEqual(documented.sort());
  });

  for (const row of [...DOCUMENTED, ...OTHERS]) test(row.key, () => compare(row));
});

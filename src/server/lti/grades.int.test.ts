/**
 * LTI Advantage end to end against the fake platform (test/fakes/lms.ts): scores back to the
 * gradebook after quiz attempts and a finished course (the bearer token, retries, the newest score
 * winning, the token reused), and roster sync (NRPS) into the class a context made.
 */
import type { JSONWebKeySet } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

vi.hoisted(() => {
  // Read by src/env.ts: the fake platform is on http://127.0.0.1.
  process.env.LTI_ALLOW_HTTP_PLATFORMS = "1";
});

import { serveApiRoute } from "~/server/api/routes";
import { decodeSessionToken } from "~/server/auth/session";
import { claimDueScores, markScoreSent } from "~/server/db/queries/lti-grades";
import { COURSE_ID_PARAMETER } from "~/server/services/lti/accept-launch";
import { registerPlatform } from "~/server/services/lti/register-platform";

import { createTestCaller, sessionTokenFromSetCookie } from "../../../test/caller";
import { db } from "../../../test/db";
import { expectTRPCError } from "../../../test/expect";
import { createUser, uniqueSuffix } from "../../../test/factories";
import { createClassRow } from "../../../test/factories/classes";
import { type FakeLms, INSTRUCTOR, LEARNER, startFakeLms } from "../../../test/fakes/lms";
import { createQuiz, createQuizCourse } from "../../../test/factories/quiz";
import { apiRequest, restCall } from "../../../test/http";
import { ltiLaunch, ltiLogin } from "../../../test/lti";

import { clearHeldTokens } from "./access-token";
import { LTI_CLAIM } from "./claims";
import { type ScoreSender, startScoreSender } from "./score-sender";

const RETRY_MS = 40;
let lms: FakeLms;
let sender: ScoreSender;
beforeAll(async () => {
  lms = await startFakeLms({
    // The platform checks client assertions against the tool's published keys, as a real one reads $URL/api/lti/jwks.
    toolJwks: async () => (await (await serveApiRoute(apiRequest("GET", "/api/lti/jwks"))).json()) as JSONWebKeySet,
    pageSize: 2,
  });
  await registerPlatform(db, lms.registration);
  sender = startScoreSender(db, { loop: false, baseRetryMs: RETRY_MS, maxRetryMs: RETRY_MS * 4, maxAttempts: 4 });
});
afterAll(async () => {
  await sender.stop();
  await lms.close();
});
beforeEach(() => {
  lms.setScoresDown(false);
  lms.setScoreDelay(0);
});

/** A whole launch with `claims`; answers the account it signed in. */
async function launchAs(claims: Record<string, unknown>) {
  const { state, nonce } = await ltiLogin(lms);
  const response = await ltiLaunch(lms, { state, id_token: await lms.idToken(nonce, claims) });
  expect(response.status).toBe(303);
  const sessionToken = sessionTokenFromSetCookie(response.headers)!;
  return { userId: (await decodeSessionToken(sessionToken))!.userId, sessionToken, location: response.headers.get("location") };
}

/**
 * A context whose teacher linked their quiz course (one quiz of three questions) with a line item,
 * and a learner who launched the link: their account, a caller for them, the quiz and the line item.
 */
async function gradedCourse() {
  const context = { id: `ctx-${uniqueSuffix()}`, title: "Algorithms" };
  const teacher = await launchAs({ sub: `t-${uniqueSuffix()}`, [LTI_CLAIM.context]: context, [LTI_CLAIM.roles]: [INSTRUCTOR] });
  const { course, sections } = await createQuizCourse(db, { userId: teacher.userId, isPublic: false, status: "ready" });
  const quiz = await createQuiz(db, sections[0]!.id);
  const lineItem = `li-${uniqueSuffix()}`;
  const sub = `l-${uniqueSuffix()}`;
  const learner = await launchAs({
    sub,
    [LTI_CLAIM.context]: context,
    [LTI_CLAIM.roles]: [LEARNER],
    [LTI_CLAIM.resourceLink]: { id: `link-${lineItem}` },
    [LTI_CLAIM.custom]: { [COURSE_ID_PARAMETER]: String(course.id) },
    ...lms.gradeClaim(lineItem),
  });
  expect(learner.location).toBe(`/course/${course.id}`);
  const { caller } = await createTestCaller({ user: { id: learner.userId } });
  /** An attempt with the first `right` questions right. */
  const attempt = (right: number) =>
    caller.quiz.submitAttempt({
      id: quiz.id,
      answers: quiz.questions.map((q, i) => ({ questionId: q.id, answer: i < right ? q.correctAnswer : q.options[1]! })),
    });
  return { course, sections, quiz, lineItem, sub, learnerId: learner.userId, caller, attempt, teacherId: teacher.userId };
}

const scoresOf = (lineItem: string) => lms.scores.filter((score) => score.lineItem === lineItem);
const rowOf = (lineItem: string) => db.ltiScore.findFirstOrThrow({ where: { lineItemUrl: lms.gradeClaim(lineItem)[LTI_CLAIM.gradeService].lineitem } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("grades back (AGS)", () => {
  test("a quiz attempt queues the learner's score without waiting; the sender posts it to {lineitem}/scores with a bearer token the platform issued", async () => {
    const { attempt, lineItem, sub, learnerId } = await gradedCourse();
    const result = await attempt(2);
    expect(result.score).toBe(67);
    // The attempt answered with the score queued, not sent.
    expect(scoresOf(lineItem)).toEqual([]);
    expect(await rowOf(lineItem)).toMatchObject({ userId: learnerId, subject: sub, status: "queued", version: 1 });
    expect(await sender.drain()).toBeGreaterThanOrEqual(1);
    const [received, ...more] = scoresOf(lineItem);
    expect(more).toEqual([]);
    expect(received).toMatchObject({
      userId: sub,
      scoreGiven: 66.67,
      scoreMaximum: 100,
      activityProgress: "Started",
      gradingProgress: "Pending",
    });
    expect(Date.parse(received!.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(lms.refusedAssertions).toEqual([]);
    expect(await rowOf(lineItem)).toMatchObject({ status: "sent", sentVersion: 1 });
  });

  test("finishing the course sends Completed and FullyGraded with the quiz average", async () => {
    const { attempt, lineItem, caller, course, sections } = await gradedCourse();
    await attempt(3);
    for (const section of sections) await caller.progress.update({ id: course.id, completedSectionId: section.id });
    await sender.drain();
    expect(scoresOf(lineItem).at(-1)).toMatchObject({ scoreGiven: 100, activityProgress: "Completed", gradingProgress: "FullyGraded" });
  });

  test("the newest score wins: one waiting is replaced, and one arriving while the older is posted follows it", async () => {
    const { attempt, lineItem } = await gradedCourse();
    // The first post fails: the row waits for its retry, and a newer attempt replaces it meanwhile.
    lms.failNextScores(1);
    await attempt(1);
    await sender.drain();
    expect(scoresOf(lineItem)).toEqual([]);
    await attempt(2);
    await sleep(RETRY_MS * 2);
    await sender.drain();
    expect(scoresOf(lineItem).map((score) => score.scoreGiven)).toEqual([66.67]);

    // A newer attempt lands while the older score is on the wire: the sender posts it right after.
    await attempt(1);
    const held = lms.holdScores();
    const draining = sender.drain();
    await held.arrived;
    expect(await rowOf(lineItem)).toMatchObject({ status: "sending" });
    await attempt(3);
    held.release();
    await draining;
    const received = scoresOf(lineItem).map((score) => score.scoreGiven);
    expect(received).toEqual([66.67, 33.33, 100]);
    const row = await rowOf(lineItem);
    expect(row).toMatchObject({ status: "sent" });
    expect(row.sentVersion).toBe(row.version);
  });

  test("a sender whose claim was taken over (its lease ran out) cannot mark the row", async () => {
    const { attempt, lineItem } = await gradedCourse();
    await attempt(1);
    const id = (await rowOf(lineItem)).id;
    const [stale] = (await claimDueScores(db, { limit: 500, leaseMs: 1 })).filter((score) => score.id === id);
    await sleep(10);
    const [fresh] = (await claimDueScores(db, { limit: 500, leaseMs: 60_000 })).filter((score) => score.id === id);
    expect(fresh!.claim).toBe(stale!.claim + 1);
    expect(await markScoreSent(db, { id, claim: stale!.claim, version: stale!.version })).toBe(false);
    expect(await markScoreSent(db, { id, claim: fresh!.claim, version: fresh!.version })).toBe(true);
  });

  test("a platform down is retried with backoff until it is up; a score that keeps failing fails for good", async () => {
    const { attempt, lineItem } = await gradedCourse();
    lms.setScoresDown(true);
    await attempt(3);
    await sender.drain();
    const waiting = await rowOf(lineItem);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, lastError: "the platform answered 503" });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await sleep(RETRY_MS * 1.3);
    await sender.drain();
    expect((await rowOf(lineItem)).attempts).toBe(2);
    lms.setScoresDown(false);
    await sleep(RETRY_MS * 2.5);
    await sender.drain();
    expect(scoresOf(lineItem).map((score) => score.scoreGiven)).toEqual([100]);
    expect(await rowOf(lineItem)).toMatchObject({ status: "sent", attempts: 0, lastError: null });

    const other = await gradedCourse();
    lms.setScoresDown(true);
    await other.attempt(1);
    for (let i = 0; i < 4; i++) {
      await sender.drain();
      await sleep(RETRY_MS * 4.9);
    }
    expect(await rowOf(other.lineItem)).toMatchObject({ status: "failed", attempts: 4 });
    // The learner's next score starts again.
    lms.setScoresDown(false);
    await other.attempt(2);
    await sender.drain();
    expect(scoresOf(other.lineItem).map((score) => score.scoreGiven)).toEqual([66.67]);
  });

  test("the token is fetched once and reused: by later scores, by another process (from the database), and fetched again when the platform refuses it", async () => {
    clearHeldTokens();
    await db.ltiAccessToken.deleteMany();
    const first = lms.tokenRequests();
    const a = await gradedCourse();
    const b = await gradedCourse();
    await a.attempt(1);
    await b.attempt(2);
    await a.attempt(3);
    await sender.drain();
    expect(lms.tokenRequests() - first).toBe(1);
    // A process that has not held it (memory cleared) reads the one kept in the database.
    clearHeldTokens();
    await b.attempt(3);
    await sender.drain();
    expect(lms.tokenRequests() - first).toBe(1);
    const tokens = new Set([...scoresOf(a.lineItem), ...scoresOf(b.lineItem)].map((score) => score.token));
    expect(tokens.size).toBe(1);
    // The platform forgot its tokens: a 401, a new token, and the score still arrives.
    lms.revokeTokens();
    await a.attempt(2);
    await sender.drain();
    expect(lms.tokenRequests() - first).toBe(2);
    expect(scoresOf(a.lineItem).at(-1)).toMatchObject({ scoreGiven: 66.67 });
  });

  test("a link launched without a line item, and a teacher's launch, owe no score", async () => {
    const context = { id: `ctx-${uniqueSuffix()}` };
    const teacher = await launchAs({ sub: `t-${uniqueSuffix()}`, [LTI_CLAIM.context]: context, [LTI_CLAIM.roles]: [INSTRUCTOR] });
    const { course, sections } = await createQuizCourse(db, { userId: teacher.userId, isPublic: true, status: "ready" });
    const quiz = await createQuiz(db, sections[0]!.id);
    const custom = { [LTI_CLAIM.custom]: { [COURSE_ID_PARAMETER]: String(course.id) } };
    const learner = await launchAs({ sub: `l-${uniqueSuffix()}`, [LTI_CLAIM.context]: context, ...custom });
    await launchAs({ sub: `t2-${uniqueSuffix()}`, [LTI_CLAIM.context]: context, [LTI_CLAIM.roles]: [INSTRUCTOR], ...custom, ...lms.gradeClaim("teacher") });
    for (const userId of [learner.userId]) {
      const { caller } = await createTestCaller({ user: { id: userId } });
      await caller.quiz.submitAttempt({ id: quiz.id, answers: quiz.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer })) });
    }
    expect(await db.ltiScore.count({ where: { courseId: course.id } })).toBe(0);
  });
});

describe("roster sync (NRPS)", () => {
  /** A context with a roster, its class made by its teacher's launch. */
  async function rosterClass() {
    const contextId = `ctx-${uniqueSuffix()}`;
    const teacher = await launchAs({
      sub: `t-${uniqueSuffix()}`,
      [LTI_CLAIM.context]: { id: contextId, title: "Biology" },
      [LTI_CLAIM.roles]: [INSTRUCTOR],
      ...lms.rosterClaim(contextId),
    });
    const classId = Number(/^\/classes\/(\d+)$/.exec(teacher.location ?? "")?.[1]);
    expect(classId).toBeGreaterThan(0);
    const { caller } = await createTestCaller({ user: { id: teacher.userId } });
    return { contextId, classId, teacher, caller };
  }

  test("adds the roster's active learners (across pages) as members, made as their launch would make them; a second sync adds none", async () => {
    const { contextId, classId, teacher, caller } = await rosterClass();
    const subs = [1, 2, 3].map((n) => `r${n}-${uniqueSuffix()}`);
    lms.setRoster(contextId, [
      { user_id: `t-other-${uniqueSuffix()}`, roles: [INSTRUCTOR], name: "Another Teacher" },
      { user_id: subs[0]!, roles: [LEARNER], name: "Ada \u202ELovelace", status: "Active" },
      { user_id: subs[1]!, roles: ["Learner"], given_name: "Alan", family_name: "Turing" },
      { user_id: `gone-${uniqueSuffix()}`, roles: [LEARNER], status: "Inactive" },
      { user_id: subs[2]!, roles: [LEARNER] },
    ]);
    expect((await caller.classes.byId({ id: classId })).class.rosterSync).toBe(true);
    const requests = lms.rosterRequests();
    expect(await caller.classes.syncRoster({ id: classId })).toEqual({ learners: 3, added: 3, notAdded: 0 });
    expect(lms.rosterRequests() - requests).toBe(3);
    const dashboard = await caller.classes.dashboard({ id: classId });
    const names = await db.user.findMany({ where: { ltiIdentities: { some: { subject: { in: subs } } } }, select: { id: true, displayName: true } });
    expect(names.map((user) => user.displayName).sort()).toEqual(["Ada Lovelace", "Alan Turing", null]);
    expect(dashboard.members.map((member) => member.userId).sort()).toEqual(expect.arrayContaining(names.map((user) => user.id)));
    const members = await db.classMember.findMany({ where: { classId }, select: { userId: true, role: true } });
    expect(members.filter((member) => member.role === "member")).toHaveLength(3);
    expect(members.find((member) => member.userId === teacher.userId)?.role).toBe("owner");
    // Their first launch signs them into the account the sync made.
    const launched = await launchAs({ sub: subs[0]!, [LTI_CLAIM.context]: { id: contextId } });
    expect(names.map((user) => user.id)).toContain(launched.userId);
    expect(await caller.classes.syncRoster({ id: classId })).toEqual({ learners: 3, added: 0, notAdded: 0 });
    // The REST path says the same.
    const rest = await restCall("POST", `/api/classes/${classId}/roster-sync`, { sessionToken: teacher.sessionToken, json: {} });
    expect(rest.status).toBe(200);
    expect(rest.json).toEqual({ learners: 3, added: 0, notAdded: 0 });
  });

  test("a teacher of another class → 404, a member → 403, a class not from an LMS → 422, a platform that fails → 503; nothing added", async () => {
    const { contextId, classId } = await rosterClass();
    lms.setRoster(contextId, [{ user_id: `r-${uniqueSuffix()}`, roles: [LEARNER] }]);
    const before = await db.classMember.count({ where: { classId } });
    const stranger = await rosterClass();
    await expectTRPCError(stranger.caller.classes.syncRoster({ id: classId }), "NOT_FOUND");
    const member = await createUser(db);
    await db.classMember.create({ data: { classId, userId: member.id, role: "member" } });
    const { caller: memberCaller } = await createTestCaller({ user: member });
    await expectTRPCError(memberCaller.classes.syncRoster({ id: classId }), "FORBIDDEN");
    expect(await db.classMember.count({ where: { classId } })).toBe(before + 1);

    const owner = await createUser(db);
    const plain = await createClassRow(db, { ownerId: owner.id });
    const { caller: ownerCaller } = await createTestCaller({ user: owner });
    expect((await ownerCaller.classes.byId({ id: plain.id })).class.rosterSync).toBe(false);
    await expectTRPCError(ownerCaller.classes.syncRoster({ id: plain.id }), "UNPROCESSABLE_CONTENT");

    const broken = await rosterClass();
    await db.ltiContext.updateMany({ where: { classId: broken.classId }, data: { membershipsUrl: `${lms.issuer}/no-such-roster` } });
    await expectTRPCError(broken.caller.classes.syncRoster({ id: broken.classId }), "SERVICE_UNAVAILABLE");
    expect(await db.classMember.count({ where: { classId: broken.classId } })).toBe(1);
  });
});

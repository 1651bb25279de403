/**
 * The access-control matrix (docs/reliability.md, "Access"): every tRPC procedure and every documented
 * REST path, each called by five callers — the owner of the resource with the browser's session
 * cookie, the same owner with a personal API token (`Authorization: Bearer`), another signed-in
 * user, an anonymous browser and a revoked API token of the owner's — through the real HTTP entry
 * points (the route table picks handleTrpc, handleRest or the chat stream's handler, as
 * production does). For every call:
 * - the status is the one the service defines: the owner 2xx; the owner's token 2xx too, except
 *   403 on the session-only actions (tokens, password, sign-out, billing); another user 403 for a
 *   userId that is not theirs and 404 for a resource they may not see ("Course Not Found",
 *   "Section not found", …); anonymous 401 on protected procedures; public procedures answer
 *   everyone; the revoked token 401 wherever the caller is read (it never passes as anonymous);
 * - nothing of the owner's (username/e-mail, private course title and description, chat text,
 *   quiz questions and answers) reaches another user or anonymous, and no body leaks stack traces,
 *   hashes, SQL or URLs (test/http.ts expectNoLeak);
 * - a refused call writes nothing: row checksums of every table are the same before and after it.
 * Every GET (REST, tRPC query, download) is also sent as HEAD by the same caller: the same status, no body.
 * The matrix is checked for completeness against the router and the OpenAPI document, so a new
 * procedure or path cannot be added without a row.
 */
import { randomUUID } from "node:crypto";

import type { JSONWebKeySet } from "jose";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import type * as BillingModule from "~/server/billing/stripe";
import { createBilling, type Billing } from "~/server/billing/stripe";
import { appRouter } from "~/server/api/root";
import { asResponse } from "~/server/api/api-request";
import { apiHandlerFor, serveApiRoute } from "~/server/api/routes";
import { listActiveChallenges } from "~/server/services/gamification/challenges";
import { shareAchievementCard } from "~/server/services/gamification/achievement-card";
import { startCourseGeneration } from "~/server/services/generation/start-generation";
import { editChapter } from "~/server/services/editing/edit-chapter";
import { startRegeneration } from "~/server/services/editing/regenerate";
import { createLinkToken } from "~/server/services/auth/email-links";

import { sessionTokenFor } from "../caller";
import { db } from "../db";
import { type FakeLms, LEARNER, startFakeLms } from "../fakes/lms";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe.mjs";
import { bearer, createApiTokenRow, createCourse, createProgress, createUser, DEFAULT_PASSWORD, uniqueSuffix } from "../factories";
import { createQuiz, createQuizCourse } from "../factories/quiz";
import { createAssignmentRow, createClassRow } from "../factories/classes";
import { createCourseConcept } from "../factories/concepts";
import { createEditableCourse, type EditableCourse } from "../factories/editing";
import { createCardRow, createNoteRow } from "../factories/study-rows";
import { drainGenerationQueue, libraryDeps, whileDraining } from "../generation";
import { apiRequest, documentedOperations, expectDocumentedResponse, expectNoLeak, ORIGIN, readBody } from "../http";
import { API_TOKEN_MESSAGES } from "~/lib/rules/api-tokens";
import { ASSIGNMENT_MESSAGES, CLASS_MESSAGES } from "~/lib/rules/classes";
import { EDIT_MESSAGES, REGENERATION_MESSAGES } from "~/lib/rules/editing";
import { LTI_MESSAGES } from "~/lib/rules/lti";

// Payments: the configured Stripe is the local fake (test/fakes/stripe.mjs), so create-checkout
// and the portal can succeed for their callers; getBilling() is read at call time.
const payments = vi.hoisted(() => ({ billing: null as Billing | null }));
vi.mock("~/server/billing/stripe", async (importOriginal) => {
  const original = await importOriginal<typeof BillingModule>();
  return { ...original, getBilling: () => payments.billing };
});

type Who = "owner" | "bearer" | "other" | "anonymous" | "revoked";
/** The owner's token calls before the owner's cookie, so each row's setup (what the owner's call would change) is still there. */
const CALLERS: readonly Who[] = ["anonymous", "other", "revoked", "bearer", "owner"];
/** Callers acting as the owner: their 2xx may write the owner's rows. */
const AS_OWNER = new Set<Who>(["owner", "bearer"]);
type Input = Record<string, unknown> | undefined;

/** What beforeAll sets up: one owner with one private course (and its quiz, chat, progress, job), one other user. */
type Fixtures = {
  owner: { id: number; username: string };
  other: { id: number; username: string };
  /** A third account: what the anonymous browser signs in or out as on the public auth paths. */
  stranger: { username: string };
  courseId: number;
  sectionIds: number[];
  quizId: number;
  answers: { questionId: number; answer: string }[];
  /** A second course of the owner's, shared: other learners may use it, each with their own chat, progress and attempts. */
  publicCourseId: number;
  publicSectionIds: number[];
  publicQuizId: number;
  publicAnswers: { questionId: number; answer: string }[];
  jobId: string;
  challengeId: number;
  cardId: string;
  coupons: [string, string];
  /** One of the owner's API tokens, for the apiTokens.revoke row. */
  revocableTokenId: number;
  /** The owner's flashcards: one per owner caller for each row that spends one (a review makes a card not due; a delete removes it). */
  cards: Record<"review" | "restReview" | "remove" | "restRemove", Record<"owner" | "bearer", number>>;
  /** The owner's note on the shared course (another learner may make cards there, but not from it). */
  publicNoteId: number;
  /** A public course of the owner's on a video: other learners may keep their own notes on it. */
  publicVideoCourseId: number;
  /** A concept of the owner's private course, and one of the shared course. */
  concepts: { private: number; public: number };
  /** The owner's notes on the private course: one to edit; for each delete row, one per owner caller. */
  notes: { edited: number; deleted: Record<"proc" | "rest", Record<"owner" | "bearer", number>> };
  /**
   * Classes: `main` is the owner's, with two members to remove and one whose role changes;
   * `joinCode` is the invite code of a class of a third learner's; `leave` and `remove` are one
   * class per row (and per owner caller, for leaving) that the owner may leave or delete.
   */
  classes: {
    main: number;
    members: Record<"role" | "procRemove" | "restRemove", number>;
    joinCode: string;
    leave: Record<"proc" | "rest", Record<"owner" | "bearer", number>>;
    remove: Record<"proc" | "rest", number>;
    /** Courses of the owner's to assign to `main`, and assignments of `main` to delete: one per row and owner caller. */
    assignable: Record<"proc" | "rest", Record<"owner" | "bearer", number>>;
    assigned: Record<"proc" | "rest", Record<"owner" | "bearer", number>>;
  };
  /** Each account's current password (changePassword rows change them). */
  passwords: Record<string, string>;
  /**
   * One course of the owner's per editing row (`editingKey`), edited once already (version 2, with
   * its history): the row's owner callers edit it in turn, and `version` follows their edits.
   */
  editing: Record<string, EditableCourse>;
  /** A regeneration of one of the owner's sections, done (GET /api/regenerations/{jobId}). */
  regenerationJobId: string;
  /** The owner's deep linking launch from an LMS, still open (lti.picker). */
  ltiLaunchId: string;
};

/**
 * One row of the matrix. `key` is a procedure path ("course.byId") or a documented REST path
 * ("GET /courses/{id}"); a key may have several rows (`variant`). Expectations: the owner always
 * 2xx; `other` (default 200 for self/public rows); `anonymous` (default 401, 200 for public rows).
 */
type Row = {
  key: string;
  variant?: string;
  /** owned: names the owner's resource; self: acts on the caller's own account; public: anyone. */
  scope: "owned" | "self" | "public";
  input?: (fx: Fixtures, who: Who) => Input;
  other?: number;
  otherMessage?: string;
  anonymous?: number;
  /** A non-owner's 2xx legitimately writes that caller's own rows: only the owner's rows must stay unchanged. */
  ownWrites?: boolean;
  /** A marker the owner's own response must contain: the positive control of the leak check. */
  ownerSees?: (fx: Fixtures) => string;
  /** The call waits for a generation job: run the queue meanwhile (as the worker would). */
  drain?: boolean;
  /** Refuses an API token (sessionProcedure): the owner's token gets 403. */
  sessionOnly?: boolean;
  /** The revoked token's status: 401 by default, 200 for public rows unless set (rows that read the caller refuse it). */
  revoked?: number;
  /** After a caller's 2xx: keeps the fixtures in step (a changed password). */
  onSuccess?: (fx: Fixtures, who: Who, input: Input) => void;
  /** An owner's 2xx queued a job: the queue runs it before the next caller, as a worker would. */
  drainAfter?: boolean;
};

// ── reminders and web push (issue 45, i45-reminders) ──
const REMINDER_SETTINGS = { email: true, push: true, hour: 7, timeZone: "Europe/Paris", kinds: ["due-cards"] };
/** Each caller its own browser: an endpoint is one browser's, and subscribing it again moves it to the caller. */
const pushSubscriptionOf = (name: string) => ({
  endpoint: `https://203.0.114.1/push/acl-${name}`,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
});
// ── end reminders and web push ──

const NOT_OWN = "You can only access your own data";
const SESSION_ONLY = API_TOKEN_MESSAGES.sessionOnly;
const COURSE_NOT_FOUND = "Course Not Found";

// Marker strings of the owner's private data: none may appear in another user's or anonymous's response.
const sfx = uniqueSuffix();
const MARK = {
  username: `acl_owner_${sfx}`,
  title: `AclSecretTitle${sfx}`,
  description: `AclSecretDescription${sfx}`,
  chat: `AclSecretChat${sfx}`,
  /** The owner's question on the shared course: still the owner's alone. */
  publicChat: `AclSecretSharedChat${sfx}`,
  question: `AclSecretQuestion${sfx}`,
  explanation: `AclSecretExplanation${sfx}`,
  answer: `AclSecretAnswer${sfx}`,
  tokenName: `AclSecretTokenName${sfx}`,
  note: `AclSecretNote${sfx}`,
  /** The owner's note on the shared course: the course is everyone's to export, the note the owner's alone. */
  publicNote: `AclSecretSharedNote${sfx}`,
  card: `AclSecretCard${sfx}`,
  /** A concept of the owner's private course, on which the owner has evidence. */
  concept: `AclSecretConcept${sfx}`,
  /** The owner's class: its name is for its members alone. */
  className: `AclSecretClass${sfx}`,
  /** The owner's last attempt at the shared course's quiz (lastAttempt): the owner's alone, the quiz everyone's. */
  attempt: `AclSecretAttempt${sfx}`,
};
const OWNER_MARKERS = Object.values(MARK);

const courseOf = (fx: Fixtures) => ({ id: fx.courseId });
/** The owner's card for this caller: the owner's token and cookie each spend their own; anyone else names the cookie's. */
const ownerCard = (cards: Record<"owner" | "bearer", number>, who: Who) => (who === "bearer" ? cards.bearer : cards.owner);
const CARD_NOT_FOUND = "Card not found";
/** One offline review of the card, a minute ago, with a client id of its own (issue 45). */
const syncOf = (cardId: number) => ({ reviews: [{ clientId: randomUUID(), cardId, rating: "good", reviewedAt: new Date(Date.now() - 60_000).toISOString() }] });
/** The owner's callers each delete a note of their own; the others try the owner's note. */
const deletedNoteOf = (kind: "proc" | "rest") => (fx: Fixtures, who: Who) => ({ id: fx.notes.deleted[kind][who === "bearer" ? "bearer" : "owner"] });
const NOTE_NOT_FOUND = "Note not found";
const CLASS_NOT_FOUND = CLASS_MESSAGES.notFound;
const mainClass = (fx: Fixtures) => ({ id: fx.classes.main });
/** The class this caller leaves: the owner's token and cookie each one of their own; anyone else names the cookie's. */
const leftClassOf = (kind: "proc" | "rest") => (fx: Fixtures, who: Who) => ({ id: fx.classes.leave[kind][who === "bearer" ? "bearer" : "owner"] });
const ASSIGNMENT_NOT_FOUND = ASSIGNMENT_MESSAGES.notFound;
const perOwnerCaller = (ids: Record<"owner" | "bearer", number>, who: Who) => ids[who === "bearer" ? "bearer" : "owner"];
const classRows = (
  keys: Record<
    | "create"
    | "mine"
    | "byId"
    | "preview"
    | "join"
    | "leave"
    | "update"
    | "delete"
    | "rotate"
    | "revoke"
    | "setRole"
    | "remove"
    | "assign"
    | "assignments"
    | "dashboard"
    | "myAssignments"
    | "deleteAssignment"
    | "syncRoster",
    string
  >,
  kind: "proc" | "rest",
): Row[] => [
  {
    key: keys.assign,
    scope: "owned",
    input: (fx, who) => ({ ...mainClass(fx), courseId: perOwnerCaller(fx.classes.assignable[kind], who), note: "From the matrix" }),
    other: 404,
    otherMessage: CLASS_NOT_FOUND,
  },
  { key: keys.assignments, scope: "owned", input: mainClass, other: 404, otherMessage: CLASS_NOT_FOUND, ownerSees: () => MARK.title },
  // A teacher's token reads the dashboard (an internal tool's nightly report): not session-only.
  { key: keys.dashboard, scope: "owned", input: mainClass, other: 404, otherMessage: CLASS_NOT_FOUND, ownerSees: () => MARK.title },
  { key: keys.myAssignments, scope: "self", ownerSees: () => MARK.className },
  {
    key: keys.deleteAssignment,
    scope: "owned",
    input: (fx, who) => ({ id: perOwnerCaller(fx.classes.assigned[kind], who) }),
    other: 404,
    otherMessage: ASSIGNMENT_NOT_FOUND,
  },
  { key: keys.create, scope: "self", input: () => ({ name: "A class of the matrix" }), ownWrites: true },
  { key: keys.mine, scope: "self", ownerSees: () => MARK.className },
  { key: keys.byId, scope: "owned", input: mainClass, other: 404, otherMessage: CLASS_NOT_FOUND, ownerSees: () => MARK.className },
  // Whoever holds a code sees what it joins: a third learner's class, so nothing of the owner's is in it.
  { key: keys.preview, scope: "self", input: (fx) => ({ code: fx.classes.joinCode }) },
  { key: keys.join, scope: "self", input: (fx) => ({ code: fx.classes.joinCode }), ownWrites: true },
  { key: keys.leave, scope: "owned", input: leftClassOf(kind), other: 404, otherMessage: CLASS_NOT_FOUND },
  {
    key: keys.update,
    scope: "owned",
    input: (fx) => ({ ...mainClass(fx), name: MARK.className }),
    other: 404,
    otherMessage: CLASS_NOT_FOUND,
    sessionOnly: true,
  },
  { key: keys.rotate, scope: "owned", input: (fx) => ({ ...mainClass(fx), expiresInDays: 30 }), other: 404, otherMessage: CLASS_NOT_FOUND, sessionOnly: true },
  { key: keys.revoke, scope: "owned", input: mainClass, other: 404, otherMessage: CLASS_NOT_FOUND, sessionOnly: true },
  {
    key: keys.setRole,
    scope: "owned",
    input: (fx) => ({ ...mainClass(fx), memberId: fx.classes.members.role, role: "teacher" }),
    other: 404,
    otherMessage: CLASS_NOT_FOUND,
    sessionOnly: true,
  },
  {
    key: keys.remove,
    scope: "owned",
    input: (fx) => ({ ...mainClass(fx), memberId: fx.classes.members[kind === "proc" ? "procRemove" : "restRemove"] }),
    other: 404,
    otherMessage: CLASS_NOT_FOUND,
    sessionOnly: true,
  },
  { key: keys.delete, scope: "owned", input: (fx) => ({ id: fx.classes.remove[kind] }), other: 404, otherMessage: CLASS_NOT_FOUND, sessionOnly: true },
  // The main class comes from the fake LMS's context: the owner's sync adds its roster's learner (once).
  { key: keys.syncRoster, scope: "owned", input: mainClass, other: 404, otherMessage: CLASS_NOT_FOUND, sessionOnly: true },
];
/**
 * The editing paths (services/editing): the course's owner alone edits it and reads its versions;
 * anyone else, a public course's learners too, gets the 404 of an unknown id. Each row has a
 * course of its own (private, or public for the "a public course" variant), so the version each
 * caller sends is the one the course has then: the owner's token edits first, then the cookie.
 */
const EDITING_PATHS = ["course", "chapter", "section", "split", "mergeNext", "deleteQuestion", "regenerate", "versions", "version", "restore"] as const;
type EditingPath = (typeof EDITING_PATHS)[number];
const EDITING_VISIBILITIES = ["private", "public"] as const;
const editingKey = (kind: "proc" | "rest", path: EditingPath, visibility: (typeof EDITING_VISIBILITIES)[number]) => `${kind} ${path} ${visibility}`;
const EDITING_NOT_FOUND: Record<EditingPath, string> = {
  course: EDIT_MESSAGES.notFound,
  chapter: EDIT_MESSAGES.chapterNotFound,
  section: EDIT_MESSAGES.sectionNotFound,
  split: EDIT_MESSAGES.sectionNotFound,
  mergeNext: EDIT_MESSAGES.sectionNotFound,
  deleteQuestion: EDIT_MESSAGES.questionNotFound,
  regenerate: EDIT_MESSAGES.sectionNotFound,
  versions: EDIT_MESSAGES.notFound,
  version: EDIT_MESSAGES.notFound,
  restore: EDIT_MESSAGES.notFound,
};

/**
 * One caller's input on a row's course (sections of 60 s: 0–60, 60–120, 120–180, 180–240). A split,
 * a merge and a deleted question use their section or question up: the owner's token and cookie
 * each name their own, anyone else the cookie's.
 */
function editingInput(path: EditingPath, course: EditableCourse, who: Who): Input {
  const [first, second, third] = course.sectionIds;
  const byToken = who === "bearer";
  const version = course.version;
  switch (path) {
    case "course":
      return { id: course.id, title: `Renamed by ${who}`, version };
    case "chapter":
      return { id: course.chapterId, title: `Chapter renamed by ${who}`, version };
    case "section":
      return { id: second, title: `Section edited by ${who}`, content: `**Rewritten** by ${who}`, timeStart: 30, version };
    case "split":
      return byToken ? { id: first, atSeconds: 30, version } : { id: third, atSeconds: 150, version };
    case "mergeNext":
      return { id: byToken ? first : third, version };
    case "deleteQuestion":
      return { id: course.questionIds[byToken ? 0 : 1], version };
    case "regenerate":
      return { id: byToken ? first : second, instructions: `simpler, for ${who}`, version };
    case "versions":
      return { id: course.id };
    case "version":
      return { id: course.id, version: 1 };
    case "restore":
      return { id: course.id, version: 1, baseVersion: version };
  }
}

function editingRows(keys: Record<EditingPath, string>, kind: "proc" | "rest"): Row[] {
  return EDITING_PATHS.flatMap((path) =>
    EDITING_VISIBILITIES.map((visibility): Row => {
      const courseOfRow = (fx: Fixtures) => fx.editing[editingKey(kind, path, visibility)]!;
      const row: Row = {
        key: keys[path],
        scope: "owned",
        input: (fx, who) => editingInput(path, courseOfRow(fx), who),
        other: 404,
        otherMessage: EDITING_NOT_FOUND[path],
      };
      if (visibility === "public") row.variant = "a public course";
      // Positive controls: the history names who saved each version; version 1 keeps the private course's description.
      if (path === "versions") row.ownerSees = (fx) => fx.owner.username;
      if (path === "version" && visibility === "private") row.ownerSees = () => MARK.description;
      // An edit's 2xx is a new version: the next caller names it (a stale one would be a 409).
      if (path !== "versions" && path !== "version") row.onSuccess = (fx) => void (courseOfRow(fx).version += 1);
      // A regeneration is a job: the queue runs it (a new version) before the next caller, as a worker would.
      if (path === "regenerate") row.drainAfter = true;
      return row;
    }),
  );
}

const ownUserId = (fx: Fixtures) => ({ userId: fx.owner.id });
const credentialsOf = (fx: Fixtures, who: Who) => {
  const username = who === "owner" ? fx.owner.username : who === "other" ? fx.other.username : fx.stranger.username;
  return { username, password: fx.passwords[username]! };
};
const newAccount = () => {
  const username = `acl_new_${uniqueSuffix()}`;
  return { username, email: `${username}@example.test`, password: "password123" };
};
const changePasswordOf = (fx: Fixtures, who: Who) => {
  const { password } = credentialsOf(fx, who);
  return { currentPassword: password, newPassword: `${password}!` };
};

/** tRPC procedures ("proc" rows), in the order they run (some rows set up what later rows read). */
/**
 * Practice on the private course's concept is the owner's alone; on the shared course's, anyone's
 * (each answer is the caller's own evidence).
 */
function practiceRows(practice: string, answer: string): Row[] {
  return [
    {
      key: practice,
      scope: "owned",
      input: (fx) => ({ conceptIds: [fx.concepts.private] }),
      other: 404,
      otherMessage: "Concept not found",
      ownerSees: () => MARK.concept,
    },
    { key: practice, variant: "a public course's concept", scope: "owned", input: (fx) => ({ conceptIds: [fx.concepts.public] }), other: 200, ownWrites: true },
    {
      key: answer,
      scope: "owned",
      input: (fx) => fx.answers[0],
      other: 404,
      otherMessage: "Question not found",
      ownerSees: () => MARK.explanation,
    },
    { key: answer, variant: "a public course's question", scope: "owned", input: (fx) => fx.publicAnswers[0], other: 200, ownWrites: true },
  ];
}

// ── issue 45, mail: the address and forgotten passwords ───────────────────────────────────────
/**
 * Links are single-use, so every caller of the verify and reset-confirm rows spends one of its
 * own, made in beforeAll: verify links of one account (a third one's; verifying again is fine),
 * reset links of one verified account each (a confirm spends every other reset link of its account).
 * Reset requests name nobody (a unique name each), so the per-account limit is never met.
 */
const emailLinks = { verify: [] as string[], reset: [] as string[] };
const nextLink = (kind: "verify" | "reset") => {
  const token = emailLinks[kind].shift();
  if (!token) throw new Error(`no ${kind} link left for the matrix`);
  return token;
};
/** A new address per call (each change sends a mail; 5 an hour per account is the limit). */
const newAddress = () => ({ email: `acl_addr_${uniqueSuffix()}@example.test` });
function emailRows(kind: "proc" | "rest"): Row[] {
  const key = (procedure: string, rest: string) => (kind === "proc" ? procedure : rest);
  return [
    { key: key("auth.emailState", "GET /user/email"), scope: "self" },
    { key: key("auth.changeEmail", "PATCH /user/email"), scope: "self", sessionOnly: true, input: newAddress, ownWrites: true },
    { key: key("auth.resendVerification", "POST /user/email/resend"), scope: "self", sessionOnly: true, ownWrites: true },
    { key: key("auth.verifyEmail", "POST /user/email/verify"), scope: "public", input: () => ({ token: nextLink("verify") }), ownWrites: true },
    { key: key("auth.requestPasswordReset", "POST /auth/password-reset"), scope: "public", input: () => ({ identifier: `acl_nobody_${uniqueSuffix()}` }) },
    {
      key: key("auth.confirmPasswordReset", "POST /auth/password-reset/confirm"),
      scope: "public",
      input: () => ({ token: nextLink("reset"), password: "a new password" }),
      ownWrites: true,
    },
  ];
}
beforeAll(async () => {
  const verifying = await createUser(db, { username: `acl_verify_${uniqueSuffix()}`, email: `acl_verify_${uniqueSuffix()}@example.test` });
  for (let i = 0; i < 10; i++) {
    emailLinks.verify.push(await createLinkToken(db, { userId: verifying.id, purpose: "verify", email: verifying.email!, ttlMs: 60 * 60_000 }));
    const email = `acl_reset_${uniqueSuffix()}@example.test`;
    const resetting = await createUser(db, { username: `acl_reset_${uniqueSuffix()}`, email, emailVerifiedAt: new Date() });
    emailLinks.reset.push(await createLinkToken(db, { userId: resetting.id, purpose: "reset", email, ttlMs: 60 * 60_000 }));
  }
});
// ── end issue 45, mail ────────────────────────────────────────────────────────────────────────

const PROCEDURE_ROWS: Row[] = [
  // auth
  { key: "auth.session", scope: "public", revoked: 401 },
  { key: "auth.me", scope: "self" },
  { key: "auth.login", scope: "public", input: credentialsOf },
  { key: "auth.register", scope: "public", input: () => newAccount(), ownWrites: true },
  // The body claims to be the owner; the answer is always the session's own user.
  { key: "auth.googleSync", scope: "self", input: (fx, who) => ({ uid: String(fx.owner.id), displayName: who }), ownerSees: (fx) => fx.owner.username },
  {
    key: "auth.changePassword",
    scope: "self",
    sessionOnly: true,
    input: changePasswordOf,
    ownWrites: true,
    onSuccess: (fx, who, input) => (fx.passwords[credentialsOf(fx, who).username] = String(input?.newPassword)),
  },
  { key: "auth.logout", scope: "public", ownWrites: true, sessionOnly: true, revoked: 401 },
  // personal API tokens
  { key: "apiTokens.list", scope: "self", ownerSees: () => MARK.tokenName },
  { key: "apiTokens.create", scope: "self", input: () => ({ name: "matrix", expiresInDays: 30 }), ownWrites: true, sessionOnly: true },
  {
    key: "apiTokens.revoke",
    scope: "owned",
    input: (fx) => ({ id: fx.revocableTokenId }),
    other: 404,
    otherMessage: API_TOKEN_MESSAGES.notFound,
    sessionOnly: true,
  },
  // courses
  { key: "course.mine", scope: "self", ownerSees: () => MARK.title },
  { key: "course.byUser", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN, ownerSees: () => MARK.title },
  { key: "course.byId", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND, ownerSees: () => MARK.description },
  { key: "course.byId", variant: "a public course", scope: "owned", input: (fx) => ({ id: fx.publicCourseId }), other: 200 },
  { key: "course.setSharing", scope: "owned", input: (fx) => ({ id: fx.courseId, isPublic: false }), other: 404, otherMessage: COURSE_NOT_FOUND },
  {
    key: "course.setSharing",
    variant: "a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicCourseId, isPublic: true }),
    other: 403,
    otherMessage: "Only the course's creator can change who sees it.",
  },
  { key: "course.recommendations", scope: "self" },
  { key: "course.related", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND },
  { key: "course.search", scope: "self", input: () => ({ q: MARK.title }), ownerSees: () => MARK.title },
  // LTI: the deep-linking picker of the owner's launch lists the owner's private courses
  {
    key: "lti.picker",
    scope: "owned",
    input: (fx) => ({ launchId: fx.ltiLaunchId }),
    other: 404,
    otherMessage: LTI_MESSAGES.launchNotFound,
    ownerSees: () => MARK.title,
  },
  // progress
  { key: "progress.mine", scope: "self" },
  { key: "progress.byCourse", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND },
  {
    key: "progress.byCourse",
    variant: "the owner's userId",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), ...ownUserId(fx) }),
    other: 403,
    otherMessage: NOT_OWN,
  },
  { key: "progress.find", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND },
  {
    key: "progress.update",
    scope: "owned",
    input: (fx) => ({ id: fx.courseId, currentSectionId: fx.sectionIds[1] }),
    other: 404,
    otherMessage: COURSE_NOT_FOUND,
  },
  // On a shared course each learner has their own progress: the other has none yet, and writing it leaves the owner's alone.
  {
    key: "progress.byCourse",
    variant: "a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicCourseId }),
    other: 404,
    otherMessage: "No progress yet",
  },
  { key: "progress.find", variant: "a public course", scope: "owned", input: (fx) => ({ id: fx.publicCourseId }), other: 200 },
  {
    key: "progress.update",
    variant: "a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicCourseId, completedSectionId: fx.publicSectionIds[1] }),
    other: 200,
    ownWrites: true,
  },
  // quizzes
  {
    key: "quiz.bySection",
    scope: "owned",
    input: (fx) => ({ id: fx.sectionIds[0] }),
    other: 404,
    otherMessage: "Section not found",
    ownerSees: () => MARK.question,
  },
  {
    key: "quiz.find",
    scope: "owned",
    input: (fx) => ({ id: fx.sectionIds[0] }),
    other: 404,
    otherMessage: "Section not found",
    ownerSees: () => MARK.question,
  },
  { key: "quiz.generate", scope: "owned", input: (fx) => ({ id: fx.sectionIds[1] }), other: 404, otherMessage: "Section not found" },
  // A shared course's quiz: each learner gets it with their own last attempt, never the owner's.
  {
    key: "quiz.bySection",
    variant: "a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicSectionIds[0] }),
    other: 200,
    ownerSees: () => MARK.attempt,
  },
  { key: "quiz.find", variant: "a public course", scope: "owned", input: (fx) => ({ id: fx.publicSectionIds[0] }), other: 200, ownerSees: () => MARK.attempt },
  {
    key: "quiz.submitAttempt",
    scope: "owned",
    input: (fx) => ({ id: fx.quizId, answers: fx.answers }),
    other: 404,
    otherMessage: "Quiz not found",
    ownerSees: () => MARK.explanation,
  },
  {
    key: "quiz.submitAttempt",
    variant: "a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicQuizId, answers: fx.publicAnswers }),
    other: 200,
    ownWrites: true,
  },
  {
    key: "quiz.submitAttempt",
    variant: "the owner's userId",
    scope: "owned",
    input: (fx) => ({ id: fx.quizId, ...ownUserId(fx), answers: fx.answers }),
    other: 403,
    otherMessage: NOT_OWN,
  },
  // flashcards and review
  {
    key: "cards.create",
    scope: "owned",
    input: (fx) => ({ id: fx.courseId, source: "transcript", front: "Why halve?", back: "Logarithmic time", timeSeconds: 30 }),
    other: 404,
    otherMessage: COURSE_NOT_FOUND,
  },
  {
    key: "cards.create",
    variant: "a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicCourseId, source: "transcript", front: "Shared?", back: "Yes" }),
    other: 200,
    ownWrites: true,
  },
  {
    key: "cards.create",
    variant: "the owner's note on a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicCourseId, source: "note", noteId: fx.publicNoteId, front: "From a note", back: "Mine" }),
    other: 404,
    otherMessage: "Note not found",
  },
  {
    key: "cards.review",
    scope: "owned",
    input: (fx, who) => ({ id: ownerCard(fx.cards.review, who), rating: "good" }),
    other: 404,
    otherMessage: CARD_NOT_FOUND,
  },
  { key: "cards.delete", scope: "owned", input: (fx, who) => ({ id: ownerCard(fx.cards.remove, who) }), other: 404, otherMessage: CARD_NOT_FOUND },
  { key: "review.queue", scope: "self", ownerSees: () => MARK.card },
  // concepts and mastery
  { key: "mastery.map", scope: "self", ownerSees: () => MARK.concept },
  { key: "mastery.courseConcepts", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND, ownerSees: () => MARK.concept },
  { key: "mastery.courseConcepts", variant: "a public course", scope: "owned", input: (fx) => ({ id: fx.publicCourseId }), other: 200 },
  ...practiceRows("mastery.practice", "mastery.practiceAnswer"),
  { key: "review.dueCount", scope: "self" },
  { key: "review.dueCount", variant: "of a course", scope: "self", input: (fx) => ({ courseId: fx.courseId }) },
  { key: "review.settings", scope: "self" },
  { key: "review.updateSettings", scope: "self", input: () => ({ desiredRetention: 0.85 }), ownWrites: true },
  // chat
  { key: "chat.history", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND, ownerSees: () => MARK.chat },
  {
    key: "chat.history",
    variant: "the owner's userId",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), ...ownUserId(fx) }),
    other: 403,
    otherMessage: NOT_OWN,
  },
  {
    key: "chat.send",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), content: "How does binary search work?" }),
    other: 404,
    otherMessage: COURSE_NOT_FOUND,
  },
  // A shared course: everyone signed in may chat about it, but reads only their own conversation.
  { key: "chat.history", variant: "a public course", scope: "owned", input: (fx) => ({ id: fx.publicCourseId }), other: 200, ownerSees: () => MARK.publicChat },
  {
    key: "chat.send",
    variant: "a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicCourseId, content: "What is this course about?" }),
    other: 200,
    ownWrites: true,
  },
  // transcript and notes
  { key: "transcript.byCourse", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND },
  { key: "transcript.byCourse", variant: "public course", scope: "owned", input: (fx) => ({ id: fx.publicVideoCourseId }), other: 200 },
  { key: "notes.list", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND, ownerSees: () => MARK.note },
  // On a public course another learner lists their own notes (none of the owner's).
  { key: "notes.list", variant: "public course", scope: "owned", input: (fx) => ({ id: fx.publicVideoCourseId }), other: 200 },
  {
    key: "notes.create",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), timeSeconds: 5, text: "matrix note" }),
    other: 404,
    otherMessage: COURSE_NOT_FOUND,
  },
  {
    key: "notes.create",
    variant: "public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicVideoCourseId, timeSeconds: 5, text: "a learner's own note" }),
    other: 200,
    ownWrites: true,
  },
  { key: "notes.update", scope: "owned", input: (fx) => ({ id: fx.notes.edited, text: "edited by the matrix" }), other: 404, otherMessage: NOTE_NOT_FOUND },
  { key: "notes.delete", scope: "owned", input: deletedNoteOf("proc"), other: 404, otherMessage: NOTE_NOT_FOUND },
  // gamification
  { key: "gamification.streak", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN },
  { key: "gamification.recordVisit", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN },
  { key: "gamification.badges", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN },
  { key: "gamification.activeChallenges", scope: "self" },
  { key: "gamification.myChallenges", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN },
  { key: "gamification.joinChallenge", scope: "owned", input: (fx) => ({ ...ownUserId(fx), challengeId: fx.challengeId }), other: 403, otherMessage: NOT_OWN },
  { key: "gamification.calendar", scope: "self", input: () => ({ weeks: 4 }) },
  { key: "gamification.recentActivity", scope: "self" },
  // The owner's shared card is public by the owner's choice: anyone with the link sees it (but no e-mail or titles).
  { key: "gamification.achievementCard", scope: "public", input: (fx) => ({ cardId: fx.cardId }) },
  { key: "gamification.stopSharingAchievements", scope: "self", ownWrites: true },
  { key: "gamification.shareAchievements", scope: "self", ownWrites: true },
  // generation
  { key: "generation.courseLimit", scope: "self" },
  // The queue is worked meanwhile: the owner's two callers would otherwise fill the 3 active jobs a learner may have.
  { key: "generation.start", scope: "self", input: () => ({ topic: "binary search", complexity: "beginner" }), ownWrites: true, drain: true },
  { key: "generation.job", scope: "owned", input: (fx) => ({ jobId: fx.jobId }), other: 404, otherMessage: "Generation job not found." },
  {
    key: "generation.generateFromTopic",
    scope: "owned",
    input: (fx) => ({ topic: "binary search", complexity: "beginner", ...ownUserId(fx) }),
    other: 403,
    otherMessage: NOT_OWN,
    drain: true,
  },
  // classes
  { key: "classes.exportCsv", scope: "owned", input: mainClass, other: 404, otherMessage: CLASS_NOT_FOUND, ownerSees: () => MARK.title },
  ...classRows(
    {
      create: "classes.create",
      mine: "classes.mine",
      byId: "classes.byId",
      preview: "classes.preview",
      join: "classes.join",
      leave: "classes.leave",
      update: "classes.update",
      delete: "classes.delete",
      rotate: "classes.rotateInvite",
      revoke: "classes.revokeInvite",
      setRole: "classes.setRole",
      remove: "classes.removeMember",
      assign: "classes.assign",
      assignments: "classes.assignments",
      dashboard: "classes.dashboard",
      myAssignments: "assignments.mine",
      deleteAssignment: "assignments.delete",
      syncRoster: "classes.syncRoster",
    },
    "proc",
  ),
  // editing
  ...editingRows(
    {
      course: "editing.course",
      chapter: "editing.chapter",
      section: "editing.section",
      split: "editing.split",
      mergeNext: "editing.mergeNext",
      deleteQuestion: "editing.deleteQuestion",
      regenerate: "editing.regenerate",
      versions: "editing.versions",
      version: "editing.version",
      restore: "editing.restore",
    },
    "proc",
  ),
  { key: "editing.regeneration", scope: "owned", input: (fx) => ({ jobId: fx.regenerationJobId }), other: 404, otherMessage: REGENERATION_MESSAGES.notFound },
  // subscription
  { key: "subscription.get", scope: "self" },
  { key: "subscription.redeemCoupon", scope: "self", input: (fx) => ({ code: fx.coupons[0] }), ownWrites: true, sessionOnly: true },
  { key: "subscription.createCheckout", scope: "self", ownWrites: true, sessionOnly: true },
  { key: "subscription.portal", scope: "self", ownWrites: true, sessionOnly: true },
  // ── issue 45, mail: the address and forgotten passwords ──
  ...emailRows("proc"),
  // ── end issue 45, mail ──
  // ── issue 45, offline reviews (begin) ──
  // Another learner's review of the owner's card is skipped (200, nothing written); the owner's is applied.
  { key: "review.sync", scope: "owned", input: (fx, who) => syncOf(ownerCard(fx.cards.review, who)) },
  // ── issue 45, offline reviews (end) ──
  // ── reminders and web push (issue 45, i45-reminders) ──
  { key: "reminders.settings", scope: "self" },
  { key: "reminders.update", scope: "self", input: () => REMINDER_SETTINGS, ownWrites: true },
  { key: "push.vapidPublicKey", scope: "public" },
  { key: "push.subscribe", scope: "self", input: (_fx, who) => pushSubscriptionOf(`proc-${who}`), ownWrites: true },
  { key: "push.unsubscribe", scope: "self", input: (_fx, who) => ({ endpoint: pushSubscriptionOf(`proc-${who}`).endpoint }), ownWrites: true },
  // ── end reminders and web push ──
];

/** The documented REST paths, with the documented bodies and query strings (userId included where documented). */
const REST_ROWS: Row[] = [
  { key: "GET /user", scope: "self" },
  { key: "POST /login", scope: "public", input: credentialsOf },
  { key: "POST /register", scope: "public", input: () => newAccount(), ownWrites: true },
  { key: "POST /auth/google", scope: "self", input: (fx, who) => ({ uid: String(fx.owner.id), displayName: who }), ownerSees: (fx) => fx.owner.username },
  { key: "POST /logout", scope: "public", ownWrites: true, sessionOnly: true, revoked: 401 },
  { key: "GET /courses/user", scope: "self", ownerSees: () => MARK.title },
  { key: "GET /courses", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN, ownerSees: () => MARK.title },
  { key: "GET /courses/{id}", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND, ownerSees: () => MARK.title },
  { key: "GET /recommendations", scope: "self" },
  { key: "GET /courses/{id}/related", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND },
  { key: "GET /courses/{id}/transcript", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND },
  { key: "GET /courses/{id}/notes", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND, ownerSees: () => MARK.note },
  {
    key: "POST /courses/{id}/notes",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), timeSeconds: 7.5, text: "matrix note" }),
    other: 404,
    otherMessage: COURSE_NOT_FOUND,
  },
  {
    key: "POST /courses/{id}/notes",
    variant: "public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicVideoCourseId, timeSeconds: 7.5, text: "a learner's own note", quote: "a line" }),
    other: 200,
    ownWrites: true,
  },
  { key: "PATCH /notes/{id}", scope: "owned", input: (fx) => ({ id: fx.notes.edited, timeSeconds: 9 }), other: 404, otherMessage: NOTE_NOT_FOUND },
  { key: "DELETE /notes/{id}", scope: "owned", input: deletedNoteOf("rest"), other: 404, otherMessage: NOTE_NOT_FOUND },
  { key: "GET /progress/user", scope: "self" },
  { key: "GET /courses/{id}/progress", scope: "owned", input: (fx) => ({ ...courseOf(fx), ...ownUserId(fx) }), other: 403, otherMessage: NOT_OWN },
  {
    key: "POST /courses/{id}/progress",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), ...ownUserId(fx), completedSectionId: fx.sectionIds[1], isCompleted: true }),
    other: 403,
    otherMessage: NOT_OWN,
  },
  {
    key: "GET /sections/{id}/quiz",
    scope: "owned",
    input: (fx) => ({ id: fx.sectionIds[0] }),
    other: 404,
    otherMessage: "Section not found",
    ownerSees: () => MARK.question,
  },
  { key: "POST /sections/{id}/generate-quiz", scope: "owned", input: (fx) => ({ id: fx.sectionIds[2] }), other: 404, otherMessage: "Section not found" },
  {
    key: "GET /sections/{id}/quiz",
    variant: "a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicSectionIds[0] }),
    other: 200,
    ownerSees: () => MARK.attempt,
  },
  {
    key: "POST /quizzes/{id}/attempts",
    scope: "owned",
    input: (fx) => ({ id: fx.quizId, ...ownUserId(fx), answers: fx.answers }),
    other: 403,
    otherMessage: NOT_OWN,
    ownerSees: () => MARK.answer,
  },
  {
    key: "POST /courses/{id}/cards",
    scope: "owned",
    input: (fx) => ({ id: fx.courseId, source: "transcript", front: "Why halve?", back: "Logarithmic time" }),
    other: 404,
    otherMessage: COURSE_NOT_FOUND,
  },
  {
    key: "POST /cards/{id}/review",
    scope: "owned",
    input: (fx, who) => ({ id: ownerCard(fx.cards.restReview, who), rating: "again" }),
    other: 404,
    otherMessage: CARD_NOT_FOUND,
  },
  { key: "DELETE /cards/{id}", scope: "owned", input: (fx, who) => ({ id: ownerCard(fx.cards.restRemove, who) }), other: 404, otherMessage: CARD_NOT_FOUND },
  { key: "GET /review/queue", scope: "self", ownerSees: () => MARK.card },
  { key: "GET /mastery", scope: "self", ownerSees: () => MARK.concept },
  { key: "GET /courses/{id}/concepts", scope: "owned", input: courseOf, other: 404, otherMessage: COURSE_NOT_FOUND, ownerSees: () => MARK.concept },
  { key: "GET /courses/{id}/concepts", variant: "a public course", scope: "owned", input: (fx) => ({ id: fx.publicCourseId }), other: 200 },
  ...practiceRows("POST /practice", "POST /practice/answers"),
  {
    key: "GET /courses/{id}/chat",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), ...ownUserId(fx) }),
    other: 403,
    otherMessage: NOT_OWN,
    ownerSees: () => MARK.chat,
  },
  {
    key: "POST /courses/{id}/chat",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), ...ownUserId(fx), content: "What is the middle element?" }),
    other: 403,
    otherMessage: NOT_OWN,
  },
  {
    key: "POST /courses/{id}/chat/stream",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), ...ownUserId(fx), content: "Why halve the range?" }),
    other: 403,
    otherMessage: NOT_OWN,
  },
  {
    key: "POST /courses/{id}/chat/stream",
    variant: "without userId",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), content: "When does it stop?" }),
    other: 404,
    otherMessage: COURSE_NOT_FOUND,
  },
  {
    key: "GET /courses/{id}/export",
    scope: "owned",
    input: (fx) => ({ ...courseOf(fx), format: "markdown" }),
    other: 404,
    otherMessage: COURSE_NOT_FOUND,
    ownerSees: () => MARK.note,
  },
  {
    key: "GET /courses/{id}/export",
    variant: "a public course",
    scope: "owned",
    input: (fx) => ({ id: fx.publicCourseId, format: "markdown" }),
    other: 200,
    ownerSees: () => MARK.publicNote,
  },
  { key: "GET /cards/export", scope: "self", input: () => ({ format: "tsv" }), ownerSees: () => MARK.card },
  { key: "GET /classes/{id}/export", scope: "owned", input: (fx) => ({ ...mainClass(fx), format: "csv" }), other: 404, otherMessage: CLASS_NOT_FOUND },
  { key: "GET /cards/export", variant: "an Anki deck", scope: "self", input: () => ({ format: "anki" }) },
  {
    key: "GET /cards/export",
    variant: "the owner's private course",
    scope: "owned",
    input: (fx) => ({ format: "tsv", courseId: fx.courseId }),
    other: 404,
    otherMessage: COURSE_NOT_FOUND,
    ownerSees: () => MARK.card,
  },
  { key: "GET /streaks/{userId}", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN },
  { key: "POST /streaks/{userId}/activity", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN },
  { key: "GET /users/{userId}/badges", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN },
  { key: "GET /challenges/active", scope: "self" },
  { key: "GET /users/{userId}/challenges", scope: "owned", input: ownUserId, other: 403, otherMessage: NOT_OWN },
  {
    key: "POST /users/{userId}/challenges/{challengeId}",
    scope: "owned",
    input: (fx) => ({ ...ownUserId(fx), challengeId: fx.challengeId }),
    other: 403,
    otherMessage: NOT_OWN,
  },
  { key: "GET /subscription/course-limit", scope: "self" },
  { key: "POST /generation-jobs", scope: "self", input: () => ({ topic: "binary search", complexity: "beginner" }), ownWrites: true },
  { key: "GET /generation-jobs/{jobId}", scope: "owned", input: (fx) => ({ jobId: fx.jobId }), other: 404, otherMessage: "Generation job not found." },
  {
    key: "POST /courses/generate-from-topic",
    scope: "owned",
    input: (fx) => ({ topic: "binary search", complexity: "beginner", additionalInstructions: "", ...ownUserId(fx) }),
    other: 403,
    otherMessage: NOT_OWN,
    drain: true,
  },
  ...classRows(
    {
      create: "POST /classes",
      mine: "GET /classes",
      byId: "GET /classes/{id}",
      preview: "GET /classes/join/{code}",
      join: "POST /classes/join",
      leave: "POST /classes/{id}/leave",
      update: "PATCH /classes/{id}",
      delete: "DELETE /classes/{id}",
      rotate: "POST /classes/{id}/invite",
      revoke: "DELETE /classes/{id}/invite",
      setRole: "PATCH /classes/{id}/members/{memberId}",
      remove: "DELETE /classes/{id}/members/{memberId}",
      assign: "POST /classes/{id}/assignments",
      assignments: "GET /classes/{id}/assignments",
      dashboard: "GET /classes/{id}/dashboard",
      myAssignments: "GET /assignments",
      deleteAssignment: "DELETE /assignments/{id}",
      syncRoster: "POST /classes/{id}/roster-sync",
    },
    "rest",
  ),
  ...editingRows(
    {
      course: "PATCH /courses/{id}",
      chapter: "PATCH /chapters/{id}",
      section: "PATCH /sections/{id}",
      split: "POST /sections/{id}/split",
      mergeNext: "POST /sections/{id}/merge-next",
      deleteQuestion: "DELETE /questions/{id}",
      regenerate: "POST /sections/{id}/regenerate",
      versions: "GET /courses/{id}/versions",
      version: "GET /courses/{id}/versions/{version}",
      restore: "POST /courses/{id}/versions/{version}/restore",
    },
    "rest",
  ),
  {
    key: "GET /regenerations/{jobId}",
    scope: "owned",
    input: (fx) => ({ jobId: fx.regenerationJobId }),
    other: 404,
    otherMessage: REGENERATION_MESSAGES.notFound,
  },
  { key: "GET /subscription", scope: "self" },
  { key: "POST /coupons/redeem", scope: "self", input: (fx) => ({ code: fx.coupons[1] }), ownWrites: true, sessionOnly: true },
  { key: "POST /subscription/create-checkout", scope: "self", ownWrites: true, sessionOnly: true },
  { key: "POST /subscription/portal", scope: "self", ownWrites: true, sessionOnly: true },
  // ── issue 45, mail: the address and forgotten passwords (REST) ──
  ...emailRows("rest"),
  // ── end issue 45, mail ──
  // ── issue 45, offline reviews (begin) ──
  { key: "POST /reviews/sync", scope: "owned", input: (fx, who) => syncOf(ownerCard(fx.cards.restReview, who)) },
  // ── issue 45, offline reviews (end) ──
  // ── reminders and web push (issue 45, i45-reminders) ──
  { key: "GET /user/reminders", scope: "self" },
  { key: "PUT /user/reminders", scope: "self", input: () => REMINDER_SETTINGS, ownWrites: true },
  { key: "GET /push/vapid-public-key", scope: "public" },
  { key: "POST /push/subscriptions", scope: "self", input: (_fx, who) => pushSubscriptionOf(`rest-${who}`), ownWrites: true },
  { key: "DELETE /push/subscriptions", scope: "self", input: (_fx, who) => ({ endpoint: pushSubscriptionOf(`rest-${who}`).endpoint }), ownWrites: true },
  // ── end reminders and web push ──
];

type Procedure = { _def: { type: "query" | "mutation" | "subscription" } };
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;

type ApiCall = { method: string; path: string; json?: unknown };

function procedureRequest(row: Row, input: Input): ApiCall {
  const type = procedures[row.key]?._def.type;
  if (type === "query") {
    const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    return { method: "GET", path: `/api/trpc/${row.key}${query}` };
  }
  // As the tRPC client sends it: always a JSON body, `{}` for a mutation without input (tRPC answers a bodiless POST 415).
  if (type === "mutation") return { method: "POST", path: `/api/trpc/${row.key}`, json: superjson.serialize(input) };
  throw new Error(`${row.key} is not a query or a mutation`);
}

/** A documented path with its parameters: path ones substituted, the rest the query (GET) or the JSON body (POST). */
function restRequest(row: Row, input: Input): ApiCall {
  const [method, template] = row.key.split(" ") as [string, string];
  const rest: Record<string, unknown> = { ...input };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (method === "GET" || method === "DELETE") {
    const query = new URLSearchParams(Object.entries(rest).map(([name, value]) => [name, String(value)])).toString();
    return { method, path: `/api${path}${query ? `?${query}` : ""}` };
  }
  return { method, path: `/api${path}`, json: input === undefined ? undefined : rest };
}

// ─── checksums ───────────────────────────────────────────────────────────────

/**
 * Tables left out of "nothing written": rate_limits (rate-limiter-flexible's counters: a refused
 * login, coupon or chat attempt is meant to count against its limit) and _prisma_migrations
 * (never written by a request). The app keeps no request log in the database. Every other table
 * of the public schema is checked.
 */
const UNCHECKED_TABLES = new Set(["rate_limits", "_prisma_migrations"]);

let checkedTables: { name: string; ownerFilter: string | null }[] = [];

/** Which rows of a table are the owner's ($1): by "userId", or through the owner's courses. */
function ownerFilterFor(table: string, columns: Set<string>): string | null {
  const ownerCourses = `SELECT id FROM "Course" WHERE "userId" = $1`;
  const ownerChapters = `SELECT id FROM "Chapter" WHERE "courseId" IN (${ownerCourses})`;
  // A section an edit took out of the outline (a merge) and a deleted question stay the course's, detached.
  const ownerSections = `SELECT id FROM "Section" WHERE "chapterId" IN (${ownerChapters}) OR "retiredCourseId" IN (${ownerCourses})`;
  const ownerQuizzes = `SELECT id FROM "Quiz" WHERE "sectionId" IN (${ownerSections})`;
  if (table === "User") return `x.id = $1`;
  // A course's versions are its owner's, whoever saved them ("userId"; null once that account is gone).
  if (table === "CourseVersion") return `x."courseId" IN (${ownerCourses})`;
  if (columns.has("userId")) return `x."userId" = $1`;
  if (table === "Class") return `x."ownerId" = $1`;
  if (table === "Chapter") return `x."courseId" IN (${ownerCourses})`;
  if (table === "Section") return `(x."chapterId" IN (${ownerChapters}) OR x."retiredCourseId" IN (${ownerCourses}))`;
  if (table === "Quiz") return `x."sectionId" IN (${ownerSections})`;
  if (table === "QuizQuestion") return `(x."quizId" IN (${ownerQuizzes}) OR x."retiredQuizId" IN (${ownerQuizzes}))`;
  return null; // shared data (videos, transcripts, badges, challenges, coupons, Stripe events): no owner
}

async function loadTables(): Promise<void> {
  const columns = await db.$queryRawUnsafe<{ table: string; column: string }[]>(
    `SELECT table_name::text AS "table", column_name::text AS "column" FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const byTable = new Map<string, Set<string>>();
  for (const { table, column } of columns) byTable.set(table, (byTable.get(table) ?? new Set()).add(column));
  checkedTables = [...byTable.keys()]
    .filter((name) => !UNCHECKED_TABLES.has(name))
    .sort()
    .map((name) => ({ name, ownerFilter: ownerFilterFor(name, byTable.get(name)!) }));
  expect(checkedTables.map((t) => t.name)).toEqual(expect.arrayContaining(["Course", "ChatMessage", "QuizAttempt", "CourseProgress", "UserChallenge", "User"]));
}

/**
 * What a row is summed as: the whole row, except ApiToken's lastUsedAt, which authenticating a
 * token writes (at most once a minute) whatever the call then does: bookkeeping of the
 * authentication, not a write of the call's.
 */
const ROW_TEXT: Record<string, string> = {
  ApiToken: `(x.id, x."userId", x.name, x."tokenHash", x.prefix, x."createdAt", x."expiresAt", x."revokedAt")::text`,
};

type Snapshot = { all: Map<string, string>; owner: Map<string, string> };

/** md5 of every row (as text, in a stable order) of every checked table; and of the owner's rows only. */
async function snapshot(ownerId: number): Promise<Snapshot> {
  const sum = (label: string, table: string, where: string) => {
    const text = ROW_TEXT[table] ?? "x::text";
    return `SELECT '${label}' AS name, md5(coalesce(string_agg(${text}, ',' ORDER BY ${text}), '')) AS sum FROM "${table}" x WHERE ${where}`;
  };
  const all = checkedTables.map(({ name }) => sum(name, name, "true"));
  const owner = checkedTables.filter((t) => t.ownerFilter).map(({ name, ownerFilter }) => sum(`owner:${name}`, name, ownerFilter!));
  const rows = await db.$queryRawUnsafe<{ name: string; sum: string }[]>([...all, ...owner].join(" UNION ALL "), ownerId);
  const result: Snapshot = { all: new Map(), owner: new Map() };
  for (const { name, sum: value } of rows) {
    if (name.startsWith("owner:")) result.owner.set(name.slice("owner:".length), value);
    else result.all.set(name, value);
  }
  return result;
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) => [...before.keys()].filter((name) => before.get(name) !== after.get(name));

// ─── the run ─────────────────────────────────────────────────────────────────

const totals = { rows: 0, calls: 0, leaks: 0, wrongUserWrites: 0, unexpectedStatuses: 0 };
const tokens: Record<"owner" | "other", string | null> = { owner: null, other: null };
/** The owner's personal API tokens: one active (the "bearer" caller), one revoked. */
const apiTokens = { bearer: "", revoked: "" };
let fx: Fixtures;
let stripe: FakeStripe;
let lms: FakeLms | undefined;

async function refreshTokens(): Promise<void> {
  // logout and changePassword (rows of this matrix) revoke earlier sessions: sign in again.
  tokens.owner = await sessionTokenFor(fx.owner);
  tokens.other = await sessionTokenFor(fx.other);
}

/** One call through the production dispatch of /api requests; the body is read whole (a stream too). */
async function send(who: Who, call: ApiCall): Promise<{ status: number; text: string; message: string | undefined; bodyLeak: string | null }> {
  const request =
    who === "bearer" || who === "revoked"
      ? apiRequest(call.method, call.path, { headers: bearer(apiTokens[who]), json: call.json })
      : apiRequest(call.method, call.path, { sessionToken: who === "anonymous" ? null : tokens[who], json: call.json });
  const handler = apiHandlerFor(call.method, new URL(request.url).pathname);
  if (!handler) throw new Error(`no API handler for ${call.method} ${call.path}`);
  const response = asResponse(await handler(request));
  const { text, json } = await readBody(response);
  if (!call.path.startsWith("/api/trpc/") && call.method !== "HEAD") expectDocumentedResponse(call.method, call.path, response.status, json);
  let bodyLeak: string | null = null;
  try {
    expectNoLeak(text);
  } catch (error) {
    bodyLeak = (error as Error).message;
  }
  const body = json as { message?: string; error?: { json?: { message?: string } } } | undefined;
  return { status: response.status, text, message: body?.message ?? body?.error?.json?.message, bodyLeak };
}

function expectedStatus(row: Row, who: Who): number {
  switch (who) {
    case "owner":
      return 200;
    case "bearer":
      return row.sessionOnly ? 403 : 200;
    case "other":
      return row.other ?? 200;
    case "anonymous":
      return row.anonymous ?? (row.scope === "public" ? 200 : 401);
    case "revoked":
      return row.revoked ?? (row.scope === "public" ? 200 : 401);
  }
}

/** The message a refusal must carry, when the row names one. */
const expectedMessage = (row: Row, who: Who): string | undefined =>
  who === "other"
    ? row.otherMessage
    : who === "bearer" && row.sessionOnly
      ? SESSION_ONLY
      : who === "revoked" && expectedStatus(row, who) === 401
        ? API_TOKEN_MESSAGES.revoked
        : undefined;

async function runRow(row: Row, request: (row: Row, input: Input) => ApiCall): Promise<void> {
  await refreshTokens();
  const problems: string[] = [];
  totals.rows += 1;
  for (const who of CALLERS) {
    const input = row.input?.(fx, who);
    const call = request(row, input);
    const expected = expectedStatus(row, who);
    const actsAsOwner = AS_OWNER.has(who) && expected === 200;
    const before = actsAsOwner ? null : await snapshot(fx.owner.id);
    const pending = send(who, call);
    const result = row.drain && actsAsOwner ? await whileDraining(db, pending) : await pending;
    totals.calls += 1;
    // HEAD on every GET (REST, tRPC queries, downloads) answers as that GET did, for every caller, without a body.
    if (call.method === "GET") {
      const head = await send(who, { ...call, method: "HEAD" });
      totals.calls += 1;
      if (head.status !== result.status || head.text !== "") {
        totals.unexpectedStatuses += 1;
        problems.push(`${who}: HEAD answered ${head.status} with ${head.text.length} bytes where GET answered ${result.status}`);
      }
    }

    const statusOk = expected === 200 ? result.status >= 200 && result.status < 300 : result.status === expected;
    if (result.status >= 200 && result.status < 300) {
      row.onSuccess?.(fx, who, input);
      if (row.drainAfter) await drainGenerationQueue(db, libraryDeps());
    }
    const message = expectedMessage(row, who);
    const messageOk = !message || result.message === message;
    if (!statusOk || !messageOk) {
      totals.unexpectedStatuses += 1;
      problems.push(`${who}: expected ${expected}${message ? ` "${message}"` : ""}, got ${result.status} ${result.text.slice(0, 300)}`);
    }
    if (result.bodyLeak) {
      totals.leaks += 1;
      problems.push(`${who}: ${result.bodyLeak}`);
    }
    if (actsAsOwner) {
      const marker = row.ownerSees?.(fx);
      // Positive control: the owner's own data is there, so its absence elsewhere means something.
      if (marker && !result.text.includes(marker)) problems.push(`owner: the response lacks the owner's own data (${marker}): ${result.text.slice(0, 300)}`);
      continue;
    }
    const leaked = OWNER_MARKERS.filter((marker) => result.text.includes(marker));
    if (leaked.length) {
      totals.leaks += 1;
      problems.push(`${who}: the response carries the owner's data ${leaked.join(", ")}: ${result.text.slice(0, 300)}`);
    }
    const after = await snapshot(fx.owner.id);
    // A non-owner's successful call on a self/public row may write that caller's own rows (an account,
    // a job, a Stripe customer): then only the owner's rows must be unchanged; otherwise every table.
    const ownRowsOnly = row.ownWrites && expected === 200;
    const changed = ownRowsOnly ? changedTables(before!.owner, after.owner) : changedTables(before!.all, after.all);
    if (changed.length) {
      totals.wrongUserWrites += 1;
      problems.push(`${who}: the call changed ${ownRowsOnly ? "the owner's rows in " : ""}${changed.join(", ")}`);
    }
  }
  expect(problems, `${row.key}${row.variant ? ` (${row.variant})` : ""}`).toEqual([]);
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  payments.billing = createBilling({ secretKey: "sk_test_fake", priceId: "price_acl_premium", webhookSecret: null, apiBase: stripe.url });

  // Both signed-in callers have coupon premium, so generation rows are not refused by the free monthly limit.
  const premiumUntil = new Date(Date.now() + 30 * 86_400_000);
  const owner = await createUser(db, { username: MARK.username, displayName: "Owner Display", couponPremiumUntil: premiumUntil });
  const other = await createUser(db, { couponPremiumUntil: premiumUntil });
  const stranger = await createUser(db);

  const { course, sections } = await createQuizCourse(db, { userId: owner.id, title: MARK.title, description: MARK.description });
  const publicCourse = await createCourse(db, { userId: owner.id, isPublic: true, title: "A course the owner shared" });
  const publicSections = publicCourse.chapters.flatMap((chapter) => chapter.sections);
  const publicQuiz = await createQuiz(db, publicSections[0]!.id);
  // The owner's last attempt at it, dated ahead so the attempts later rows submit never replace it.
  await db.quizAttempt.create({
    data: {
      quizId: publicQuiz.id,
      userId: owner.id,
      score: 0,
      passed: false,
      createdAt: new Date("2100-01-01T00:00:00Z"),
      answers: [{ questionId: publicQuiz.questions[0]!.id, answer: MARK.attempt, correct: false, credit: 0, feedback: null }],
    },
  });
  await db.chatMessage.create({ data: { userId: owner.id, courseId: publicCourse.id, role: "user", content: MARK.publicChat } });
  await createProgress(db, { userId: owner.id, courseId: publicCourse.id, currentSectionId: publicSections[0]!.id });
  const quiz = await createQuiz(db, sections[0]!.id, [
    { questionText: `${MARK.question} one?`, options: [MARK.answer, "B1", "C1", "D1"], correctAnswer: MARK.answer, explanation: `${MARK.explanation} one` },
    { questionText: `${MARK.question} two?`, options: ["A2", "B2", "C2", "D2"], correctAnswer: "A2", explanation: `${MARK.explanation} two` },
    { questionText: `${MARK.question} three?`, options: ["A3", "B3", "C3", "D3"], correctAnswer: "A3", explanation: `${MARK.explanation} three` },
  ]);
  await db.chatMessage.create({ data: { userId: owner.id, courseId: course.id, role: "user", content: MARK.chat } });
  await createNoteRow(db, { userId: owner.id, courseId: course.id, timeSeconds: 30, text: MARK.note });
  const publicNote = await createNoteRow(db, { userId: owner.id, courseId: publicCourse.id, timeSeconds: 30, text: MARK.publicNote });
  await createCardRow(db, { userId: owner.id, courseId: course.id, front: `${MARK.card}?`, back: MARK.answer, timeSeconds: 30 });
  await createProgress(db, { userId: owner.id, courseId: course.id, currentSectionId: sections[0]!.id, completedSectionIds: [sections[0]!.id] });
  const job = await startCourseGeneration(db, owner.id, { topic: "binary search", complexity: "beginner", additionalInstructions: null });
  const [challenge] = await listActiveChallenges(db);
  const { cardId } = await shareAchievementCard(db, owner.id);
  const coupons: [string, string] = [`ACLA${sfx}`.toUpperCase(), `ACLB${sfx}`.toUpperCase()];
  for (const code of coupons) await db.coupon.create({ data: { code, premiumDays: 30, maxRedemptions: 10 } });
  apiTokens.bearer = (await createApiTokenRow(db, owner.id, { name: MARK.tokenName })).token;
  apiTokens.revoked = (await createApiTokenRow(db, owner.id, { name: MARK.tokenName, revokedAt: new Date() })).token;
  const revocable = await createApiTokenRow(db, owner.id, { name: "to be revoked by the matrix" });
  const ownerCardRow = async (label: string, courseId = course.id) =>
    (await createCardRow(db, { userId: owner.id, courseId, front: `${MARK.card} ${label}?`, back: `${MARK.card} back`, due: new Date(Date.now() - 60_000) }))
      .id;
  const cards = {
    review: { owner: await ownerCardRow("review"), bearer: await ownerCardRow("review by token") },
    restReview: { owner: await ownerCardRow("REST review"), bearer: await ownerCardRow("REST review by token") },
    remove: { owner: await ownerCardRow("delete"), bearer: await ownerCardRow("delete by token", publicCourse.id) },
    restRemove: { owner: await ownerCardRow("REST delete"), bearer: await ownerCardRow("REST delete by token") },
  };
  const concept = await createCourseConcept(db, {
    courseId: course.id,
    sectionId: sections[0]!.id,
    key: `aclsecretconcept${sfx}`.toLowerCase(),
    label: MARK.concept,
    timeSeconds: 3,
  });
  await db.conceptMastery.create({ data: { userId: owner.id, conceptId: concept.id, pKnown: 0.8, evidenceCount: 2, lastEvidenceAt: new Date() } });
  const publicConcept = await createCourseConcept(db, {
    courseId: publicCourse.id,
    sectionId: publicSections[0]!.id,
    key: `shared concept ${sfx}`,
    label: "A shared concept",
  });
  // Never spent: what review.queue shows the owner (and no one else).
  await ownerCardRow("in the queue");
  const publicVideoCourse = await createCourse(db, { userId: owner.id, isPublic: true, videoId: course.videoId, title: "A shared course on a video" });
  const note = (text: string) => createNoteRow(db, { userId: owner.id, courseId: course.id, timeSeconds: 12, text });
  await createNoteRow(db, { userId: owner.id, courseId: publicVideoCourse.id, timeSeconds: 3, text: MARK.note });
  await note(MARK.note);
  const notes: Fixtures["notes"] = {
    edited: (await note(`${MARK.note} to edit`)).id,
    deleted: {
      proc: { owner: (await note(`${MARK.note} a`)).id, bearer: (await note(`${MARK.note} b`)).id },
      rest: { owner: (await note(`${MARK.note} c`)).id, bearer: (await note(`${MARK.note} d`)).id },
    },
  };

  const classMember = async () => (await createUser(db)).id;
  const members = { role: await classMember(), procRemove: await classMember(), restRemove: await classMember() };
  const main = await createClassRow(db, { ownerId: owner.id, name: MARK.className, members: Object.values(members).map((userId) => ({ userId })) });
  const joinable = await createClassRow(db, { ownerId: stranger.id, name: "A class anyone with its code may join" });
  const joined = async () => (await createClassRow(db, { ownerId: stranger.id, name: "A class the owner is in", members: [{ userId: owner.id }] })).id;
  const classes: Fixtures["classes"] = {
    main: main.id,
    members,
    joinCode: joinable.inviteCode,
    leave: { proc: { owner: await joined(), bearer: await joined() }, rest: { owner: await joined(), bearer: await joined() } },
    remove: { proc: (await createClassRow(db, { ownerId: owner.id })).id, rest: (await createClassRow(db, { ownerId: owner.id })).id },
    assignable: { proc: { owner: 0, bearer: 0 }, rest: { owner: 0, bearer: 0 } },
    assigned: { proc: { owner: 0, bearer: 0 }, rest: { owner: 0, bearer: 0 } },
  };
  // The main class was made from an LMS context that shares its roster (one learner): the roster-sync rows.
  lms = await startFakeLms({ toolJwks: async () => (await (await serveApiRoute(apiRequest("GET", "/api/lti/jwks"))).json()) as JSONWebKeySet });
  const platform = await db.ltiPlatform.create({ data: lms.registration });
  const rosterContext = `acl-context-${sfx}`;
  const membershipsUrl = lms.rosterClaim(rosterContext)["https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"].context_memberships_url;
  await db.ltiContext.create({
    data: { issuer: lms.issuer, deploymentId: lms.deploymentId, contextId: rosterContext, classId: main.id, platformId: platform.id, membershipsUrl },
  });
  lms.setRoster(rosterContext, [{ user_id: `acl-learner-${sfx}`, roles: [LEARNER], name: "Roster Learner" }]);
  // The owner's private course is assigned to the class: what its dashboard and assignments show.
  await createAssignmentRow(db, { classId: main.id, courseId: course.id });
  for (const kind of ["proc", "rest"] as const) {
    for (const who of ["owner", "bearer"] as const) {
      classes.assignable[kind][who] = (await createCourse(db, { userId: owner.id, title: `To assign ${kind} ${who}` })).id;
      const assigned = await createCourse(db, { userId: owner.id, title: `Assigned ${kind} ${who}` });
      classes.assigned[kind][who] = (await createAssignmentRow(db, { classId: main.id, courseId: assigned.id })).id;
    }
  }

  // The editing rows' courses, each edited once (a chapter renamed): a history of two versions.
  const editing: Fixtures["editing"] = {};
  for (const kind of ["proc", "rest"] as const) {
    for (const path of EDITING_PATHS) {
      for (const visibility of EDITING_VISIBILITIES) {
        const about =
          visibility === "public" ? { isPublic: true, title: "A shared course to edit" } : { title: `${MARK.title} to edit`, description: MARK.description };
        const course = await createEditableCourse(db, { userId: owner.id, ...about });
        const edited = await editChapter(db, { userId: owner.id, id: course.chapterId, title: "The first chapter", version: course.version });
        editing[editingKey(kind, path, visibility)] = { ...course, version: edited.version };
      }
    }
  }

  // A section regeneration of the owner's, run to its end.
  const regenerated = editing[editingKey("proc", "versions", "private")]!;
  const regeneration = await startRegeneration(db, { userId: owner.id, id: regenerated.sectionIds[3]!, version: regenerated.version });
  await drainGenerationQueue(db, libraryDeps());
  regenerated.version += 1;

  // A deep linking launch of the owner's from a registered LMS (the picker lists their courses).
  const pickerPlatform = await db.ltiPlatform.create({
    data: {
      issuer: `https://lms-${uniqueSuffix()}.example`,
      clientId: "acl",
      deploymentIds: ["d1"],
      authUrl: "https://lms.example/auth",
      tokenUrl: "https://lms.example/token",
      jwksUrl: "https://lms.example/jwks",
    },
  });
  const ltiLaunch = await db.ltiLaunch.create({
    data: {
      platformId: pickerPlatform.id,
      userId: owner.id,
      messageType: "LtiDeepLinkingRequest",
      deploymentId: "d1",
      claims: {},
      expiresAt: new Date(Date.now() + 60 * 60_000),
    },
  });

  fx = {
    editing,
    regenerationJobId: regeneration.jobId,
    ltiLaunchId: ltiLaunch.id,
    classes,
    owner: { id: owner.id, username: owner.username },
    other: { id: other.id, username: other.username },
    stranger: { username: stranger.username },
    courseId: course.id,
    publicCourseId: publicCourse.id,
    publicSectionIds: publicSections.map((s) => s.id),
    publicQuizId: publicQuiz.id,
    publicAnswers: publicQuiz.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer })),
    sectionIds: sections.map((s) => s.id),
    quizId: quiz.id,
    answers: quiz.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer })),
    jobId: job.id,
    challengeId: challenge!.id,
    cardId,
    coupons,
    revocableTokenId: revocable.row.id,
    cards,
    publicNoteId: publicNote.id,
    publicVideoCourseId: publicVideoCourse.id,
    concepts: { private: concept.id, public: publicConcept.id },
    notes,
    passwords: { [owner.username]: DEFAULT_PASSWORD, [other.username]: DEFAULT_PASSWORD, [stranger.username]: DEFAULT_PASSWORD },
  };
  await loadTables();
});

afterAll(async () => {
  // Leave no job queued or running behind (the generation-job invariant).
  await drainGenerationQueue(db, libraryDeps());
  await stripe?.close();
  await lms?.close();
  console.info(
    `access-control matrix: ${totals.rows} rows, ${totals.calls} calls, ${totals.leaks} leaks, ${totals.wrongUserWrites} wrong-user writes, ${totals.unexpectedStatuses} unexpected statuses`,
  );
});

describe("the matrix is complete", () => {
  test("every tRPC procedure has a row", () => {
    const covered = new Set(PROCEDURE_ROWS.map((row) => row.key));
    expect(
      Object.keys(procedures).filter((key) => !covered.has(key)),
      "procedures without a row in PROCEDURE_ROWS",
    ).toEqual([]);
    expect(
      [...covered].filter((key) => !(key in procedures)),
      "rows naming no procedure",
    ).toEqual([]);
  });

  test("every documented REST path (the OpenAPI document) has a row", () => {
    const documented = documentedOperations();
    const covered = new Set(REST_ROWS.map((row) => row.key));
    expect(
      documented.filter((key) => !covered.has(key)),
      "documented paths without a row in REST_ROWS",
    ).toEqual([]);
    expect(
      [...covered].filter((key) => !documented.includes(key)),
      "rows naming no documented path",
    ).toEqual([]);
  });
});

const label = (row: Row) => `${row.key}${row.variant ? ` (${row.variant})` : ""}`;

describe("tRPC procedures × {anonymous, another user, revoked token, owner by token, owner by cookie}", () => {
  for (const row of PROCEDURE_ROWS) test(label(row), () => runRow(row, procedureRequest));
});

describe("REST paths × {anonymous, another user, revoked token, owner by token, owner by cookie}", () => {
  for (const row of REST_ROWS) test(label(row), () => runRow(row, restRequest));
});

/**
 * A class's own roles, which the matrix's callers do not cover: on a fresh class for each call
 * (its owner, a teacher, a member, and a member to act on), each documented path as the owner, the
 * teacher, the member and a learner outside the class. Refusals write nothing, an outsider gets
 * 404 (never a 403 that says the class exists), only the owner and teachers see the invite code,
 * and no answer carries an e-mail address.
 */
describe("class paths × {owner, teacher, member, another learner}", () => {
  type Role = "owner" | "teacher" | "member" | "outsider";
  type Classroom = Record<Role | "target", { id: number }> & { classId: number; code: string; publicCourseId: number; assignmentId: number };
  const ROLES: Role[] = ["owner", "teacher", "member", "outsider"];
  const CASES: {
    method: string;
    path: (c: Classroom) => string;
    json?: (c: Classroom) => unknown;
    expected: Record<Role, number>;
    showsInvite?: true;
    /** The class comes from a context of the fake LMS, with a roster of one learner. */
    fromLms?: true;
  }[] = [
    { method: "GET", path: (c) => `/api/classes/${c.classId}`, expected: { owner: 200, teacher: 200, member: 200, outsider: 404 }, showsInvite: true },
    { method: "GET", path: (c) => `/api/classes/${c.classId}/assignments`, expected: { owner: 200, teacher: 200, member: 200, outsider: 404 } },
    { method: "GET", path: (c) => `/api/classes/${c.classId}/dashboard`, expected: { owner: 200, teacher: 200, member: 403, outsider: 404 } },
    { method: "GET", path: (c) => `/api/classes/${c.classId}/export?format=csv`, expected: { owner: 200, teacher: 200, member: 403, outsider: 404 } },
    {
      method: "POST",
      path: (c) => `/api/classes/${c.classId}/assignments`,
      json: (c) => ({ courseId: c.publicCourseId, dueAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
      expected: { owner: 200, teacher: 200, member: 403, outsider: 404 },
    },
    { method: "DELETE", path: (c) => `/api/assignments/${c.assignmentId}`, expected: { owner: 200, teacher: 200, member: 403, outsider: 404 } },
    { method: "POST", path: (c) => `/api/classes/${c.classId}/invite`, json: () => ({}), expected: { owner: 200, teacher: 200, member: 403, outsider: 404 } },
    { method: "DELETE", path: (c) => `/api/classes/${c.classId}/invite`, expected: { owner: 200, teacher: 200, member: 403, outsider: 404 } },
    {
      method: "PATCH",
      path: (c) => `/api/classes/${c.classId}`,
      json: () => ({ archived: true }),
      expected: { owner: 200, teacher: 403, member: 403, outsider: 404 },
    },
    { method: "DELETE", path: (c) => `/api/classes/${c.classId}`, expected: { owner: 200, teacher: 403, member: 403, outsider: 404 } },
    {
      method: "PATCH",
      path: (c) => `/api/classes/${c.classId}/members/${c.target.id}`,
      json: () => ({ role: "teacher" }),
      expected: { owner: 200, teacher: 403, member: 403, outsider: 404 },
    },
    {
      method: "DELETE",
      path: (c) => `/api/classes/${c.classId}/members/${c.target.id}`,
      expected: { owner: 200, teacher: 200, member: 403, outsider: 404 },
    },
    { method: "POST", path: (c) => `/api/classes/${c.classId}/leave`, json: () => ({}), expected: { owner: 400, teacher: 200, member: 200, outsider: 404 } },
    {
      method: "POST",
      path: (c) => `/api/classes/${c.classId}/roster-sync`,
      json: () => ({}),
      expected: { owner: 200, teacher: 200, member: 403, outsider: 404 },
      fromLms: true,
    },
  ];

  /** Links the class to a new context of the matrix's fake LMS, whose roster lists one learner. */
  async function linkToLms(classId: number): Promise<void> {
    const contextId = `acl-roles-${uniqueSuffix()}`;
    const claim = lms!.rosterClaim(contextId)["https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"];
    const platform = await db.ltiPlatform.findFirstOrThrow({ where: { issuer: lms!.issuer } });
    await db.ltiContext.create({
      data: {
        issuer: lms!.issuer,
        deploymentId: lms!.deploymentId,
        contextId,
        classId,
        platformId: platform.id,
        membershipsUrl: claim.context_memberships_url,
      },
    });
    lms!.setRoster(contextId, [{ user_id: `acl-roles-learner-${uniqueSuffix()}`, roles: [LEARNER] }]);
  }

  async function classroom(): Promise<Classroom> {
    const [owner, teacher, member, target, outsider] = await Promise.all(Array.from({ length: 5 }, () => createUser(db)));
    const created = await createClassRow(db, {
      ownerId: owner!.id,
      members: [{ userId: teacher!.id, role: "teacher" }, { userId: member!.id }, { userId: target!.id }],
    });
    const [publicCourse, assigned] = [await createCourse(db, { isPublic: true }), await createCourse(db, { userId: owner!.id })];
    const assignment = await createAssignmentRow(db, { classId: created.id, courseId: assigned.id });
    return {
      classId: created.id,
      code: created.inviteCode,
      publicCourseId: publicCourse.id,
      assignmentId: assignment.id,
      owner: owner!,
      teacher: teacher!,
      member: member!,
      target: target!,
      outsider: outsider!,
    };
  }

  for (const entry of CASES) {
    test(`${entry.method} ${entry.path({ classId: 0, assignmentId: 0, target: { id: 0 } } as Classroom).replaceAll("/0", "/{…}")}`, async () => {
      const problems: string[] = [];
      for (const role of ROLES) {
        const c = await classroom();
        if (entry.fromLms) await linkToLms(c.classId);
        const before = await snapshot(c.owner.id);
        const call = { method: entry.method, path: entry.path(c), json: entry.json?.(c) };
        const request = apiRequest(call.method, call.path, { sessionToken: await sessionTokenFor(c[role]), json: call.json });
        const response = asResponse(await apiHandlerFor(call.method, new URL(request.url).pathname)!(request));
        const { text, json } = await readBody(response);
        totals.calls += 1;
        expectDocumentedResponse(call.method, call.path, response.status, json);
        expectNoLeak(text);
        if (response.status !== entry.expected[role]) problems.push(`${role}: expected ${entry.expected[role]}, got ${response.status} ${text.slice(0, 200)}`);
        if (text.includes("@example.test")) problems.push(`${role}: an e-mail address in ${text.slice(0, 200)}`);
        if (role === "member" && text.includes(c.code)) problems.push("member: the invite code");
        if (entry.showsInvite && role === "teacher" && !text.includes(c.code)) problems.push("teacher: no invite code (positive control)");
        if (response.status >= 400) {
          const changed = changedTables(before.all, (await snapshot(c.owner.id)).all);
          if (changed.length) problems.push(`${role}: a refused call changed ${changed.join(", ")}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

/**
 * The editing paths for those near a course who are still not its owner: a learner studying it
 * (it is public, and they have progress on it), a member and the teacher of a class it is
 * assigned to. On a fresh course (never edited) for each path, each of them reads the course
 * (the positive control), then gets the 404 of an unknown id on the path and writes nothing; the
 * owner, last, gets a 2xx.
 */
describe("editing paths × {a learner studying the public course, a class member, the class's teacher, the owner}", () => {
  type Person = "student" | "member" | "teacher" | "owner";
  const PEOPLE: Person[] = ["student", "member", "teacher", "owner"];
  const CASES: { path: EditingPath; method: string; url: (c: EditableCourse) => string; json?: (c: EditableCourse) => unknown }[] = [
    { path: "course", method: "PATCH", url: (c) => `/api/courses/${c.id}`, json: (c) => ({ title: "Mine now", version: c.version }) },
    { path: "chapter", method: "PATCH", url: (c) => `/api/chapters/${c.chapterId}`, json: (c) => ({ title: "Mine now", version: c.version }) },
    {
      path: "section",
      method: "PATCH",
      url: (c) => `/api/sections/${c.sectionIds[1]}`,
      json: (c) => ({ content: "Mine now", timeStart: 70, version: c.version }),
    },
    { path: "split", method: "POST", url: (c) => `/api/sections/${c.sectionIds[0]}/split`, json: (c) => ({ atSeconds: 30, version: c.version }) },
    { path: "mergeNext", method: "POST", url: (c) => `/api/sections/${c.sectionIds[0]}/merge-next`, json: (c) => ({ version: c.version }) },
    { path: "deleteQuestion", method: "DELETE", url: (c) => `/api/questions/${c.questionIds[0]}?version=${c.version}` },
    { path: "versions", method: "GET", url: (c) => `/api/courses/${c.id}/versions` },
    { path: "version", method: "GET", url: (c) => `/api/courses/${c.id}/versions/1` },
    { path: "restore", method: "POST", url: (c) => `/api/courses/${c.id}/versions/1/restore`, json: (c) => ({ baseVersion: c.version }) },
  ];

  async function around() {
    const [owner, teacher, member, student] = await Promise.all(Array.from({ length: 4 }, () => createUser(db)));
    const course = await createEditableCourse(db, { userId: owner!.id, isPublic: true });
    const room = await createClassRow(db, { ownerId: teacher!.id, members: [{ userId: member!.id }] });
    await createAssignmentRow(db, { classId: room.id, courseId: course.id, assignedById: teacher!.id });
    await createProgress(db, {
      userId: student!.id,
      courseId: course.id,
      currentSectionId: course.sectionIds[1]!,
      completedSectionIds: [course.sectionIds[0]!],
    });
    return { course, people: { owner: owner!, teacher: teacher!, member: member!, student: student! } };
  }

  async function dispatch(method: string, path: string, sessionToken: string, json?: unknown) {
    const request = apiRequest(method, path, { sessionToken, json });
    const response = asResponse(await apiHandlerFor(method, new URL(request.url).pathname)!(request));
    const { text, json: body } = await readBody(response);
    totals.calls += 1;
    expectDocumentedResponse(method, path, response.status, body);
    expectNoLeak(text);
    return { status: response.status, text, message: (body as { message?: unknown } | undefined)?.message };
  }

  for (const entry of CASES) {
    test(`${entry.method} ${entry.url({ id: 0, chapterId: 0, sectionIds: [0], questionIds: [0], version: 0 }).replace(/([/=])0\b/g, "$1{…}")}`, async () => {
      const { course, people } = await around();
      const problems: string[] = [];
      for (const person of PEOPLE) {
        const sessionToken = await sessionTokenFor(people[person]);
        const seen = await dispatch("GET", `/api/courses/${course.id}`, sessionToken);
        if (seen.status !== 200) problems.push(`${person}: cannot read the course (${seen.status}), so a 404 would say nothing`);
        const before = await snapshot(people.owner.id);
        const result = await dispatch(entry.method, entry.url(course), sessionToken, entry.json?.(course));
        if (person === "owner") {
          if (result.status !== 200) problems.push(`owner: expected 200, got ${result.status} ${result.text.slice(0, 200)}`);
          continue;
        }
        if (result.status !== 404 || result.message !== EDITING_NOT_FOUND[entry.path]) {
          problems.push(`${person}: expected 404 "${EDITING_NOT_FOUND[entry.path]}", got ${result.status} ${result.text.slice(0, 200)}`);
        }
        const changed = changedTables(before.all, (await snapshot(people.owner.id)).all);
        if (changed.length) problems.push(`${person}: a refused call changed ${changed.join(", ")}`);
      }
      const { version } = await db.course.findUniqueOrThrow({ where: { id: course.id }, select: { version: true } });
      const edits = entry.method !== "GET";
      if (version !== (edits ? 2 : 1)) problems.push(`the course is at version ${version} after ${edits ? "the owner's edit" : "reads only"}`);
      expect(problems).toEqual([]);
    });
  }
});

describe("the public routes outside the API document", () => {
  // Routes that read no session: each of the three callers gets the same answer.
  test("GET /api/health and GET /api/openapi.json answer everyone, with nothing of the owner's", async () => {
    for (const [name, call] of [
      ["health", () => serveApiRoute(new Request(`${ORIGIN}/api/health`))],
      ["openapi.json", () => serveApiRoute(new Request(`${ORIGIN}/api/openapi.json`))],
    ] as const) {
      for (let i = 0; i < CALLERS.length; i++) {
        const response = await call();
        const { text } = await readBody(response);
        totals.calls += 1;
        expect(response.status, name).toBe(200);
        expectNoLeak(text);
        expect(OWNER_MARKERS.filter((marker) => text.includes(marker))).toEqual([]);
      }
    }
  });
});

describe("summary", () => {
  test("0 leaks, 0 wrong-user writes, 0 unexpected statuses", () => {
    expect(totals.rows).toBe(PROCEDURE_ROWS.length + REST_ROWS.length);
    expect({ leaks: totals.leaks, wrongUserWrites: totals.wrongUserWrites, unexpectedStatuses: totals.unexpectedStatuses }).toEqual({
      leaks: 0,
      wrongUserWrites: 0,
      unexpectedStatuses: 0,
    });
  });
});

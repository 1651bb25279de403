import type { Prisma } from "~/generated/prisma/client";
import { LTI_LAUNCH_TTL_MS } from "~/lib/rules/lti";
import type { Db } from "~/server/db";
import { findAssignmentOfCourse, hasAssignmentOfCourse, insertAssignment } from "~/server/db/queries/assignments";
import { ensureClassMember, findMemberRole, insertClass } from "~/server/db/queries/classes";
import { findCourseSharing } from "~/server/db/queries/course";
import { lockKey } from "~/server/db/queries/locks";
import {
  findContext,
  findIdentityAccount,
  findPlatformById,
  insertContext,
  insertIdentityAccount,
  insertLaunch,
  type LtiAccount,
  consumeLogin,
  seatContextMember,
  selectContextMembers,
  setContextClass,
  updateLauncherName,
  upsertContextMember,
} from "~/server/db/queries/lti";
import { LTI_CLAIM, isTeaching, type LaunchClaims, launcherName } from "~/server/lti/claims";
import { platformFrameOrigins } from "~/server/lti/frame-cookie";
import { LaunchRefused, verifyLaunchToken } from "~/server/lti/verify-launch";

import { inviteExpiry, newInviteCode } from "../classes/invite-code";
import { availableUsername, displayNameFrom, usernameKey } from "../auth/users";

export { LaunchRefused };

/** The custom parameter a CourseCraft resource link carries (set by its deep-linking answer). */
export const COURSE_ID_PARAMETER = "coursecraft_course_id";

/** `frameOrigins`: who may frame the pages of the session the launch signs in (the platform's registration). */
export type AcceptedLaunch = { account: LtiAccount; launchId: string; redirectTo: string; frameOrigins: string[] };

/**
 * POST /api/lti/launch: uses the login's state once, verifies the id_token (verify-launch.ts), and
 * then, in order: the platform user's account (made on their first launch), the context's class
 * (made by its first Instructor, who owns it; teachers and learners join it as such), the launch
 * kept for its next steps, and where to send the browser. Throws LaunchRefused before anything is
 * written when the launch does not verify.
 */
export async function acceptLtiLaunch(db: Db, { idToken, state, now }: { idToken: string; state: string; now: Date }): Promise<AcceptedLaunch> {
  const login = await consumeLogin(db, { state, now });
  if (!login) throw new LaunchRefused("unknown, used or expired state");
  const platform = await findPlatformById(db, login.platformId);
  if (!platform) throw new LaunchRefused("the platform was removed");
  const claims = await verifyLaunchToken(idToken, { platform, nonce: login.nonce, now });

  const account = await accountOf(db, { issuer: platform.issuer, claims });
  const teaching = isTeaching(claims[LTI_CLAIM.roles]);
  const context = await contextClassOf(db, { issuer: platform.issuer, claims, userId: account.id, teaching });
  const messageType = claims[LTI_CLAIM.messageType];
  const launch = await insertLaunch(db, {
    platformId: platform.id,
    userId: account.id,
    messageType,
    deploymentId: claims[LTI_CLAIM.deploymentId],
    contextId: context?.id ?? null,
    claims: serviceClaims(claims),
    expiresAt: new Date(now.getTime() + LTI_LAUNCH_TTL_MS),
  });
  const redirectTo =
    messageType === "LtiDeepLinkingRequest"
      ? `/lti/deep-link/${launch.id}`
      : await resourceLinkTarget(db, { claims, classId: context?.classId ?? null, userId: account.id, teaching });
  return { account, launchId: launch.id, redirectTo, frameOrigins: platformFrameOrigins(platform) };
}

/** Attempts at making a platform user's account when launches of theirs, or of someone of the same name, make theirs at the same moment. */
const ACCOUNT_ATTEMPTS = 4;

/**
 * The account of a platform user: theirs if they launched before, else a new one. The account and
 * its identity are one statement, which the identity's key lets only one first launch complete:
 * the others (and one that took a name being taken at that moment) read again and find it.
 */
async function accountOf(db: Db, { issuer, claims }: { issuer: string; claims: LaunchClaims }): Promise<LtiAccount> {
  const subject = claims.sub;
  const name = launcherName(claims);
  const displayName = name === null ? null : displayNameFrom(name);
  for (let attempt = 1; ; attempt += 1) {
    const known = await findIdentityAccount(db, { issuer, subject });
    if (known) {
      if (displayName && displayName !== known.displayName) await updateLauncherName(db, { userId: known.id, displayName });
      return { id: known.id, sessionVersion: known.sessionVersion };
    }
    const username = await availableUsername(db, name ?? "learner");
    const made = await insertIdentityAccount(db, { issuer, subject, username, usernameKey: usernameKey(username), displayName });
    if (made) return made;
    if (attempt === ACCOUNT_ATTEMPTS) throw new Error("could not make an LTI account: its identity or name was taken at every attempt");
  }
}

/**
 * The launch's context and its class, with the launcher in it: the first Instructor's launch makes
 * the class (they own it) and seats everyone who launched from the context before; later launches
 * join as teacher or member. Null for a launch without a context.
 */
async function contextClassOf(
  db: Db,
  { issuer, claims, userId, teaching }: { issuer: string; claims: LaunchClaims; userId: number; teaching: boolean },
): Promise<{ id: number; classId: number | null } | null> {
  const claimed = claims[LTI_CLAIM.context];
  if (!claimed) return null;
  const key = { issuer, deploymentId: claims[LTI_CLAIM.deploymentId], contextId: claimed.id };
  const title = displayNameFrom(claimed.title ?? claimed.label ?? "") ?? null;
  // Most launches come from a context whose class exists: both writes are upserts, so no lock is needed.
  const known = await findContext(db, key);
  if (known && known.classId !== null) {
    await seatContextMember(db, { contextId: known.id, classId: known.classId, userId, instructor: teaching });
    return known;
  }
  return db.$transaction(async (tx) => {
    await lockKey(tx, "ltiContext", JSON.stringify([key.issuer, key.deploymentId, key.contextId]));
    const context = (await findContext(tx, key)) ?? (await insertContext(tx, { ...key, title }));
    await upsertContextMember(tx, { contextId: context.id, userId, instructor: teaching });
    if (context.classId !== null) {
      await ensureClassMember(tx, { classId: context.classId, userId, teacher: teaching });
      return context;
    }
    if (!teaching) return context;
    const classId = await insertClass(tx, { name: title ?? "Class", ownerId: userId, inviteCode: newInviteCode(), inviteExpiresAt: inviteExpiry(new Date()) });
    await setContextClass(tx, { contextId: context.id, classId });
    for (const member of await selectContextMembers(tx, context.id))
      if (member.userId !== userId) await ensureClassMember(tx, { classId, userId: member.userId, teacher: member.instructor });
    return { id: context.id, classId };
  });
}

/**
 * Where a resource link launch lands: the course its custom parameter names, assigned to the
 * class once, by the launching teacher or by the course's owner when they teach the class. A
 * platform's link cannot share someone else's private course: a private course is assigned only
 * when its owner is the class's owner or one of its teachers. Without a course, the class page.
 */
async function resourceLinkTarget(
  db: Db,
  { claims, classId, userId, teaching }: { claims: LaunchClaims; classId: number | null; userId: number; teaching: boolean },
): Promise<string> {
  const courseId = Number(claims[LTI_CLAIM.custom]?.[COURSE_ID_PARAMETER]);
  if (!Number.isSafeInteger(courseId) || courseId <= 0) return classId === null ? "/classes" : `/classes/${classId}`;
  // Once assigned, every later launch of the link only finds it.
  if (classId !== null && !(await hasAssignmentOfCourse(db, { classId, courseId }))) {
    await db.$transaction(async (tx) => {
      await lockKey(tx, "ltiContext", JSON.stringify(["assign", classId, courseId]));
      if (await findAssignmentOfCourse(tx, { classId, courseId })) return;
      const course = await findCourseSharing(tx, courseId);
      if (!course || course.status !== "ready") return;
      const ownerRole = (await findMemberRole(tx, { classId, userId: course.userId }))?.role;
      const ownerTeaches = ownerRole === "owner" || ownerRole === "teacher";
      if (!course.isPublic && !ownerTeaches) return;
      const assignedById = teaching ? userId : ownerTeaches ? course.userId : null;
      if (assignedById !== null) await insertAssignment(tx, { classId, courseId, assignedById, dueAt: null, note: null });
    });
  }
  return `/course/${courseId}`;
}

/** The claims a launch's next steps need (deep linking, grades, roster, custom), as received. */
function serviceClaims(claims: LaunchClaims): Prisma.InputJsonObject {
  const kept = [LTI_CLAIM.deepLinkingSettings, LTI_CLAIM.gradeService, LTI_CLAIM.rosterService, LTI_CLAIM.custom, LTI_CLAIM.resourceLink] as const;
  return Object.fromEntries(kept.filter((name) => claims[name] !== undefined).map((name) => [name, claims[name] as Prisma.InputJsonValue]));
}

import { createHash } from "node:crypto";

import { env } from "~/env";
import type { Prisma } from "~/generated/prisma/client";
import { LTI_LAUNCH_TTL_MS } from "~/lib/rules/lti";
import type { Db } from "~/server/db";
import { findAssignmentOfCourse, hasAssignmentOfCourse, insertAssignment } from "~/server/db/queries/assignments";
import { ensureClassMember, findMemberRole, insertClass } from "~/server/db/queries/classes";
import { findCourseSharing } from "~/server/db/queries/course";
import { lockKey } from "~/server/db/queries/locks";
import {
  findContext,
  findPlatformById,
  insertContext,
  insertLaunch,
  type LtiAccount,
  consumeLogin,
  seatContextMember,
  selectContextMembers,
  setContextClass,
  setContextRoster,
  upsertContextMember,
} from "~/server/db/queries/lti";
import { upsertLineItem } from "~/server/db/queries/lti-grades";
import { LTI_CLAIM, isTeaching, type LaunchClaims, launcherName } from "~/server/lti/claims";
import { platformFrameOrigins } from "~/server/lti/frame-cookie";
import { LaunchRefused, verifyLaunchToken } from "~/server/lti/verify-launch";

import { inviteExpiry, newInviteCode } from "../classes/invite-code";
import { displayNameFrom } from "../auth/users";

import { platformAccount } from "./platform-account";

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

  const account = await platformAccount(db, { issuer: platform.issuer, subject: claims.sub, name: launcherName(claims) });
  const teaching = isTeaching(claims[LTI_CLAIM.roles]);
  const context = await contextClassOf(db, { issuer: platform.issuer, claims, userId: account.id, teaching });
  const messageType = claims[LTI_CLAIM.messageType];
  const membershipsUrl = serviceUrl(claims[LTI_CLAIM.rosterService]?.context_memberships_url);
  if (context && membershipsUrl) await setContextRoster(db, { contextId: context.id, platformId: platform.id, membershipsUrl });
  if (messageType === "LtiResourceLinkRequest" && !teaching) await keepLineItem(db, { platformId: platform.id, userId: account.id, claims });
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

/**
 * AGS: the line item of a learner's resource link launch (the `endpoint` claim: lineitem,
 * lineitems, scope) and the course the link opens, kept per link and learner for their scores
 * (server/lti/grades.ts). A launch without the claim forgets what an earlier one said.
 */
async function keepLineItem(db: Db, { platformId, userId, claims }: { platformId: number; userId: number; claims: LaunchClaims }): Promise<void> {
  const link = claims[LTI_CLAIM.resourceLink];
  if (!link) return;
  const grades = claims[LTI_CLAIM.gradeService];
  const courseId = Number(claims[LTI_CLAIM.custom]?.[COURSE_ID_PARAMETER]);
  const lineItemUrl = serviceUrl(grades?.lineitem);
  await upsertLineItem(db, {
    platformId,
    resourceLinkId: link.id,
    userId,
    subject: claims.sub,
    courseId: Number.isSafeInteger(courseId) && courseId > 0 && courseId <= 2_147_483_647 ? courseId : null,
    lineItemUrl,
    lineItemKey: lineItemUrl === null ? null : createHash("sha256").update(lineItemUrl).digest("hex"),
    lineItemsUrl: serviceUrl(grades?.lineitems),
    scopes: grades?.scope ?? [],
  });
}

/**
 * A service URL of the platform's (a line item, a roster) the tool will send its bearer tokens to:
 * https only, as the platform's registered URLs (http:// only with LTI_ALLOW_HTTP_PLATFORMS).
 */
function serviceUrl(url: string | undefined): string | null {
  if (!url) return null;
  return url.startsWith("https://") || (env.LTI_ALLOW_HTTP_PLATFORMS && url.startsWith("http://")) ? url : null;
}

/** The claims a launch's next steps need (deep linking, grades, roster, custom), as received. */
function serviceClaims(claims: LaunchClaims): Prisma.InputJsonObject {
  const kept = [LTI_CLAIM.deepLinkingSettings, LTI_CLAIM.gradeService, LTI_CLAIM.rosterService, LTI_CLAIM.custom, LTI_CLAIM.resourceLink] as const;
  return Object.fromEntries(kept.filter((name) => claims[name] !== undefined).map((name) => [name, claims[name] as Prisma.InputJsonValue]));
}

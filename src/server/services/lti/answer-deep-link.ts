import { randomUUID } from "node:crypto";

import { SignJWT } from "jose";

import { LTI_MESSAGES } from "~/lib/rules/lti";
import type { Db } from "~/server/db";
import { findAssignmentOfCourse, insertAssignment } from "~/server/db/queries/assignments";
import { findCourseTitleAndSharing } from "~/server/db/queries/course";
import { lockKey } from "~/server/db/queries/locks";
import { findOwnLaunch, findPlatformById, markLaunchUsed } from "~/server/db/queries/lti";
import { AppError } from "~/server/errors";
import { LTI_CLAIM } from "~/server/lti/claims";
import { platformFrameOrigins } from "~/server/lti/frame-cookie";
import { toolSigningKey } from "~/server/lti/tool-keys";

import { COURSE_ID_PARAMETER } from "./accept-launch";
import { LTI_LAUNCH_PATH } from "./start-login";

/** How long the platform has to accept the answer. */
const ANSWER_TTL_SECONDS = 5 * 60;
/** The points a CourseCraft line item is out of. */
const SCORE_MAXIMUM = 100;

const DEEP_LINK = {
  contentItems: "https://purl.imsglobal.org/spec/lti-dl/claim/content_items",
  data: "https://purl.imsglobal.org/spec/lti-dl/claim/data",
} as const;

type DeepLinkingSettings = { deep_link_return_url: string; data?: string };

/**
 * POST /api/lti/deep-link: the teacher picked a course in the picker of their deep linking launch.
 * Answers the platform's return URL and the LtiDeepLinkingResponse to post there: a JWT signed
 * with the tool's key holding one ltiResourceLink (its custom `coursecraft_course_id`, a line
 * item out of SCORE_MAXIMUM, the due date as the submission's end) and the platform's `data`
 * echoed. The course is assigned to the launch's class now, with its due date (once). A launch
 * is answered once (a second answer would add a second link to the LMS): used → 409.
 * Another teacher's launch, an expired one or one of another kind → 404; a course the teacher
 * may not assign (not ready, another learner's private one) → 404. `frameOrigins`: who may
 * frame the answer (the platform's registration).
 */
export async function answerDeepLink(
  db: Db,
  { userId, launchId, courseId, dueAt, origin, now }: { userId: number; launchId: string; courseId: number; dueAt: Date | null; origin: string; now: Date },
): Promise<{ returnUrl: string; jwt: string; frameOrigins: string[] }> {
  const launch = await findOwnLaunch(db, { launchId, userId, now });
  const settings = (launch?.claims as Record<string, unknown> | undefined)?.[LTI_CLAIM.deepLinkingSettings] as DeepLinkingSettings | undefined;
  if (!launch || launch.messageType !== "LtiDeepLinkingRequest" || !settings) throw new AppError("NOT_FOUND", LTI_MESSAGES.launchNotFound);
  if (launch.usedAt) throw new AppError("CONFLICT", LTI_MESSAGES.launchUsed);
  const course = await findCourseTitleAndSharing(db, courseId);
  if (!course || course.status !== "ready" || (course.userId !== userId && !course.isPublic)) throw new AppError("NOT_FOUND", LTI_MESSAGES.courseNotFound);
  const platform = await findPlatformById(db, launch.platformId);
  if (!platform) throw new AppError("NOT_FOUND", LTI_MESSAGES.launchNotFound);

  const classId = launch.context?.classId ?? null;
  await db.$transaction(async (tx) => {
    if (!(await markLaunchUsed(tx, { launchId, userId, now }))) throw new AppError("CONFLICT", LTI_MESSAGES.launchUsed);
    if (classId === null) return;
    // The lock a resource link launch takes to assign its course (accept-launch.ts): the two never both insert.
    await lockKey(tx, "ltiContext", JSON.stringify(["assign", classId, courseId]));
    if (!(await findAssignmentOfCourse(tx, { classId, courseId }))) await insertAssignment(tx, { classId, courseId, assignedById: userId, dueAt, note: null });
  });

  const link = {
    type: "ltiResourceLink",
    title: course.title,
    url: `${origin}${LTI_LAUNCH_PATH}`,
    custom: { [COURSE_ID_PARAMETER]: String(courseId) },
    lineItem: { scoreMaximum: SCORE_MAXIMUM, label: course.title, resourceId: `coursecraft-course-${courseId}` },
    ...(dueAt && { submission: { endDateTime: dueAt.toISOString() } }),
  };
  const key = await toolSigningKey(db, now);
  const jwt = await new SignJWT({
    nonce: randomUUID(),
    [LTI_CLAIM.messageType]: "LtiDeepLinkingResponse",
    [LTI_CLAIM.version]: "1.3.0",
    [LTI_CLAIM.deploymentId]: launch.deploymentId,
    [DEEP_LINK.contentItems]: [link],
    ...(settings.data !== undefined && { [DEEP_LINK.data]: settings.data }),
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
    .setIssuer(platform.clientId)
    .setAudience(platform.issuer)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + ANSWER_TTL_SECONDS)
    .sign(key.key);
  return { returnUrl: settings.deep_link_return_url, jwt, frameOrigins: platformFrameOrigins(platform) };
}

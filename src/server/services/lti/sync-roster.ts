import { canManage } from "~/lib/class-roles";
import { MAX_CLASS_MEMBERS } from "~/lib/rules/classes";
import { LTI_ROSTER_MESSAGES } from "~/lib/rules/lti";
import type { ClassRosterSync } from "~/lib/schemas/classes";
import type { Db } from "~/server/db";
import { countMembersAmong, insertMissingMembers } from "~/server/db/queries/classes";
import { findRosterContext } from "~/server/db/queries/lti";
import { AppError } from "~/server/errors";
import { platformAccessToken, TokenRefused } from "~/server/lti/access-token";
import { LTI_SCOPE, launcherName } from "~/server/lti/claims";
import { isActiveLearner, readMemberships, RosterUnavailable } from "~/server/lti/memberships";
import { logger } from "~/server/logger";

import { lockForManager } from "../classes/class-locks";
import { roleIn } from "../classes/view";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

import { platformAccount } from "./platform-account";

/**
 * POST /api/classes/{id}/roster-sync, by the class's owner or a teacher: reads the memberships of
 * the LMS context the class was made from (NRPS, with a token of the roster scope), finds or makes
 * each active learner's account exactly as their launch would (issuer + `sub`), and adds those not
 * in the class yet as members, so they show on the dashboard before their first launch. Teachers
 * and administrators in the roster are left to their own launch (a roster does not hand out
 * teaching rights); nobody is removed. The seats are counted under the class's lock, so a class
 * never passes MAX_CLASS_MEMBERS and two syncs at once add each learner once.
 * 404 outside the class, 403 for a member, 409 when archived, 422 for a class not made from an
 * LMS context with a roster, 503 when the platform does not answer.
 */
export async function syncRoster(db: Db, { classId, userId }: { classId: number; userId: number }): Promise<ClassRosterSync> {
  if (!canManage(await roleIn(db, { classId, userId }))) throw new AppError("FORBIDDEN", CLASS_MESSAGES.teachersOnly);
  const context = await findRosterContext(db, classId);
  if (!context) throw new AppError("UNPROCESSABLE", LTI_ROSTER_MESSAGES.notLinked);

  let learners;
  try {
    const token = await platformAccessToken(
      db,
      { platformId: context.platform.id, clientId: context.platform.clientId, tokenUrl: context.platform.tokenUrl },
      LTI_SCOPE.roster,
    );
    learners = (await readMemberships(context.membershipsUrl, token)).filter(isActiveLearner);
  } catch (error) {
    if (!(error instanceof RosterUnavailable || error instanceof TokenRefused)) throw error;
    logger.warn("lti roster sync failed", { classId, reason: error.message });
    throw new AppError("SERVICE_UNAVAILABLE", LTI_ROSTER_MESSAGES.platformFailed);
  }

  const accounts: number[] = [];
  const seen = new Set<string>();
  for (const member of learners) {
    if (seen.has(member.user_id)) continue;
    seen.add(member.user_id);
    const account = await platformAccount(db, { issuer: context.platform.issuer, subject: member.user_id, name: launcherName(member) });
    accounts.push(account.id);
  }
  const added = await db.$transaction(async (tx) => {
    const locked = await lockForManager(tx, { classId, userId });
    return insertMissingMembers(tx, { classId, userIds: accounts, limit: MAX_CLASS_MEMBERS - locked.memberCount });
  });
  const present = accounts.length === 0 ? 0 : await countMembersAmong(db, { classId, userIds: accounts });
  return { learners: accounts.length, added, notAdded: accounts.length - present };
}

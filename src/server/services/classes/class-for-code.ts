import type { DbClient } from "~/server/db";
import { findClassByInviteCode } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";
import { assertUnderLimit, consumeLimit, LIMITS } from "~/server/rate-limit";

import { inviteRefusal } from "./invite-code";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

/** Who uses a code: the learner and their address, each with a limit on refused codes. */
export type CodeCaller = { userId: number; clientIp: string };

/**
 * The class a code lets into, or the clear refusal of a code that does not: unknown (never made,
 * or rotated away) 404, revoked or expired 422 (the code was right), archived 409. A refused code counts
 * against the caller's and the address's limits, so codes cannot be guessed.
 */
export async function classForCode(db: DbClient, { userId, clientIp }: CodeCaller, code: string) {
  await assertUnderLimit(LIMITS.classJoinFailuresPerUser, String(userId));
  await assertUnderLimit(LIMITS.classJoinFailuresPerIp, clientIp);
  try {
    // What the join screen shows comes with the check, in one read.
    const found = await findClassByInviteCode(db, { code, userId });
    if (!found) throw new AppError("NOT_FOUND", CLASS_MESSAGES.inviteUnknown);
    const refusal = inviteRefusal(found, new Date());
    if (refusal) throw new AppError("UNPROCESSABLE", refusal);
    return found;
  } catch (failure) {
    if (failure instanceof AppError) {
      await consumeLimit(LIMITS.classJoinFailuresPerUser, String(userId));
      await consumeLimit(LIMITS.classJoinFailuresPerIp, clientIp);
    }
    throw failure;
  }
}

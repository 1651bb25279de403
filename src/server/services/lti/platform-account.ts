import type { Db } from "~/server/db";
import { lockKey } from "~/server/db/queries/locks";
import { findIdentityAccount, insertIdentityAccount, type LtiAccount, updateLauncherName } from "~/server/db/queries/lti";

import { availableUsername, displayNameFrom, usernameKey } from "../auth/users";

/**
 * The one account of a platform user (`issuer` + `subject`), as a launch and a roster sync both
 * find it: theirs if they were seen before (their name refreshed from the platform's), else a new
 * one named from it, under a lock so that two first sightings at once make one. The e-mail is
 * never read: it must not merge accounts.
 */
export async function platformAccount(db: Db, { issuer, subject, name }: { issuer: string; subject: string; name: string | null }): Promise<LtiAccount> {
  const displayName = name === null ? null : displayNameFrom(name);
  const known = await findIdentityAccount(db, { issuer, subject });
  if (known) {
    if (displayName) await updateLauncherName(db, { userId: known.id, displayName });
    return known;
  }
  return db.$transaction(async (tx) => {
    await lockKey(tx, "ltiIdentity", JSON.stringify([issuer, subject]));
    const raced = await findIdentityAccount(tx, { issuer, subject });
    if (raced) return raced;
    const username = await availableUsername(tx, name ?? "learner");
    return insertIdentityAccount(tx, { issuer, subject, username, usernameKey: usernameKey(username), displayName });
  });
}

import type { Db } from "~/server/db";
import { findIdentityAccount, insertIdentityAccount, type LtiAccount, updateLauncherName } from "~/server/db/queries/lti";

import { availableUsername, displayNameFrom, usernameKey } from "../auth/users";

/** Attempts at making a platform user's account when sightings of theirs, or of someone of the same name, make theirs at the same moment. */
const ACCOUNT_ATTEMPTS = 4;

/**
 * The one account of a platform user (`issuer` + `subject`), as a launch and a roster sync both
 * find it: theirs if they were seen before (their name refreshed from the platform's), else a new
 * one named from it. The account and its identity are one statement, which the identity's key
 * lets only one first sighting complete: the others (and one that took a name being taken at that
 * moment) read again and find it. The e-mail is never read: it must not merge accounts.
 */
export async function platformAccount(db: Db, { issuer, subject, name }: { issuer: string; subject: string; name: string | null }): Promise<LtiAccount> {
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

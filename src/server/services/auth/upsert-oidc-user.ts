import type { Db } from "~/server/db";
import { createOidcUser, findOidcIdentityUser, findVerifiedEmailOwner, refreshDisplayName, type SignInUserRow } from "~/server/db/queries/auth";
import { lockKey } from "~/server/db/queries/locks";
import type { OidcProfile } from "~/server/auth/oidc-claims";

import { isUniqueViolation } from "./email-links";
import { availableUsername, displayNameFrom, usernameKey } from "./users";

/** Tries at making a new account when another new account takes its username or address at the same moment. */
const CREATE_ATTEMPTS = 3;

/**
 * The account behind a school identity (issuer + sub) that next-auth has just verified: the one
 * made on its first sign-in, whose display name follows the provider's. A new account takes its
 * names from the claims and keeps the e-mail claim as its address, verified only when the provider
 * says so and no other account holds it verified. The address never links an existing account: a
 * provider can claim any address, and whoever runs it would own that account.
 */
export async function upsertOidcUser(db: Db, profile: OidcProfile): Promise<SignInUserRow> {
  const key = { issuer: profile.issuer, subject: profile.subject };
  const displayName = profile.name === null ? null : displayNameFrom(profile.name);
  const known = await findOidcIdentityUser(db, key);
  if (known) {
    if (displayName) await refreshDisplayName(db, { userId: known.id, displayName });
    return known;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      // Under the identity's lock, so that two first sign-ins at once make one account.
      return await db.$transaction(async (tx) => {
        await lockKey(tx, "oidcIdentity", JSON.stringify([key.issuer, key.subject]));
        const raced = await findOidcIdentityUser(tx, key);
        if (raced) return raced;
        const { email } = profile;
        const verified = profile.emailVerified && email !== null && !(await findVerifiedEmailOwner(tx, email));
        const username = await availableUsername(tx, profile.usernameHint ?? "learner");
        return createOidcUser(tx, {
          ...key,
          username,
          usernameKey: usernameKey(username),
          email,
          emailVerifiedAt: verified ? new Date() : null,
          displayName,
        });
      });
    } catch (error) {
      // Another new account took the username, or verified the address, between the check and the insert: look again.
      if (!isUniqueViolation(error) || attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}

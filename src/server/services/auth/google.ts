import type { DbClient } from "~/server/db";
import { createGoogleUser, findGoogleAccountUser, findVerifiedEmailOwner, updateGoogleProfile } from "~/server/db/queries/auth";

import { availableUsername, displayNameFrom, usernameKey } from "./users";

export type GoogleProfile = { subject: string; email?: string | null; emailVerified: boolean; name?: string | null; picture?: string | null };

/**
 * Finds or creates the user behind a Google identity that next-auth has just verified in the
 * server-side OAuth exchange. A Google sign-in is never merged into an existing password
 * account by e-mail: we do not verify e-mail addresses at registration, so anyone could have
 * registered a victim's address first and would then own the victim's Google sign-in.
 */
export async function upsertGoogleUser(db: DbClient, profile: GoogleProfile): Promise<{ id: number; sessionVersion: number }> {
  const linked = await findGoogleAccountUser(db, profile.subject);
  if (linked) {
    await updateGoogleProfile(db, {
      userId: linked.id,
      displayName: profile.name == null ? undefined : displayNameFrom(profile.name),
      photoURL: profile.picture?.slice(0, 2048) ?? undefined,
    });
    return linked;
  }

  const email = profile.email && profile.emailVerified ? profile.email.toLowerCase() : null;
  const emailFree = email ? !(await findVerifiedEmailOwner(db, email)) : false;
  const username = await availableUsername(db, profile.name ?? email?.split("@")[0] ?? "learner");
  return createGoogleUser(db, {
    subject: profile.subject,
    username,
    usernameKey: usernameKey(username),
    email: emailFree ? email : null,
    // Google verified it (the claim says so), and no account here holds it verified.
    emailVerifiedAt: emailFree ? new Date() : null,
    displayName: profile.name == null ? null : displayNameFrom(profile.name),
    photoURL: profile.picture?.slice(0, 2048) ?? null,
  });
}

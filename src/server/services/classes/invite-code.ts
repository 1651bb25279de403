import { randomBytes } from "node:crypto";

import { CLASS_MESSAGES } from "~/lib/rules/classes";
import { INVITE_DEFAULT_DAYS } from "~/lib/rules/classes";

const DAY_MS = 86_400_000;

/** 128 random bits as base64url (22 characters): well past the 64 bits an unguessable link needs. */
export function newInviteCode(): string {
  return randomBytes(16).toString("base64url");
}

export function inviteExpiry(now: Date, days: number = INVITE_DEFAULT_DAYS): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

export type InviteState = { inviteExpiresAt: Date; inviteRevokedAt: Date | null };

/** Why the class's current code lets no one in, or null when it works (revoked first: it is the teacher's decision). */
export function inviteRefusal(invite: InviteState, now: Date): string | null {
  if (invite.inviteRevokedAt) return CLASS_MESSAGES.inviteRevoked;
  if (invite.inviteExpiresAt.getTime() <= now.getTime()) return CLASS_MESSAGES.inviteExpired;
  return null;
}

import { describe, expect, test } from "vitest";

import { inviteExpiry, inviteRefusal, newInviteCode } from "./invite-code";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

describe("invite codes", () => {
  test("are 22 base64url characters (128 bits) and never repeat", () => {
    const codes = Array.from({ length: 1_000 }, newInviteCode);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  test("expire 14 days from now by default, or after the days asked for", () => {
    const now = new Date("2026-11-28T10:00:00.000Z");
    expect(inviteExpiry(now).toISOString()).toBe("2026-12-12T10:00:00.000Z");
    expect(inviteExpiry(now, 1).toISOString()).toBe("2026-11-29T10:00:00.000Z");
  });

  test("let a learner in until they expire or are revoked", () => {
    const now = new Date("2026-11-28T10:00:00.000Z");
    const later = new Date(now.getTime() + 1);
    expect(inviteRefusal({ inviteExpiresAt: later, inviteRevokedAt: null }, now)).toBeNull();
    expect(inviteRefusal({ inviteExpiresAt: now, inviteRevokedAt: null }, now)).toBe(CLASS_MESSAGES.inviteExpired);
    expect(inviteRefusal({ inviteExpiresAt: later, inviteRevokedAt: now }, now)).toBe(CLASS_MESSAGES.inviteRevoked);
    expect(inviteRefusal({ inviteExpiresAt: now, inviteRevokedAt: now }, now)).toBe(CLASS_MESSAGES.inviteRevoked);
  });
});

/** School sign-in: one account per identity (issuer + sub), made from the claims; the e-mail claim never merges accounts. */
import { describe, expect, test } from "vitest";

import { db } from "../../../../test/db";
import { createUser, uniqueSuffix } from "../../../../test/factories";
import type { OidcProfile } from "~/server/auth/oidc-claims";

import { upsertOidcUser } from "./upsert-oidc-user";

const ISSUER = "https://idp.school.example/realms/pupils";

function profile(overrides: Partial<OidcProfile> = {}): OidcProfile {
  return { issuer: ISSUER, subject: `sub-${uniqueSuffix()}`, email: null, emailVerified: false, name: null, usernameHint: null, ...overrides };
}

const userOf = (id: number) => db.user.findUniqueOrThrow({ where: { id }, include: { oidcIdentities: true }, omit: { passwordHash: false } });

describe("upsertOidcUser", () => {
  test("a new identity makes an account from the claims: username, display name, the verified address, the identity; no password", async () => {
    const suffix = uniqueSuffix();
    const school = profile({ email: `ada_${suffix}@school.example`, emailVerified: true, name: "Ada Lovelace", usernameHint: `ada_${suffix}` });
    const { id, sessionVersion } = await upsertOidcUser(db, school);
    expect(sessionVersion).toBe(0);
    const user = await userOf(id);
    expect(user).toMatchObject({ username: `ada_${suffix}`, displayName: "Ada Lovelace", email: school.email, passwordHash: null });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user.oidcIdentities).toEqual([expect.objectContaining({ issuer: ISSUER, subject: school.subject })]);
    expect(await db.account.count({ where: { userId: id } })).toBe(0);
  });

  test("a returning identity signs in to the same account, its display name follows the provider, its address stays as the learner left it", async () => {
    const school = profile({ email: `grace_${uniqueSuffix()}@school.example`, name: "Grace Hopper", usernameHint: "grace" });
    const first = await upsertOidcUser(db, school);
    await db.user.update({ where: { id: first.id }, data: { email: `own_${uniqueSuffix()}@example.com` } });
    const before = await userOf(first.id);

    const again = await upsertOidcUser(db, {
      ...school,
      name: "Rear Admiral Grace Hopper",
      email: `changed_${uniqueSuffix()}@school.example`,
      emailVerified: true,
    });
    expect(again).toEqual(first);
    const after = await userOf(first.id);
    expect(after).toMatchObject({ displayName: "Rear Admiral Grace Hopper", email: before.email, emailVerifiedAt: null, username: before.username });
    expect(await db.oidcIdentity.count({ where: { userId: first.id } })).toBe(1);
  });

  test("the same subject from another issuer is another person", async () => {
    const school = profile({ usernameHint: "twin" });
    const first = await upsertOidcUser(db, school);
    const other = await upsertOidcUser(db, { ...school, issuer: "https://login.other-school.example/v2.0" });
    expect(other.id).not.toBe(first.id);
  });

  test("an unverified address is kept as the account's address, unverified", async () => {
    const email = `unverified_${uniqueSuffix()}@school.example`;
    const { id } = await upsertOidcUser(db, profile({ email, emailVerified: false, usernameHint: "someone" }));
    expect(await userOf(id)).toMatchObject({ email, emailVerifiedAt: null });
  });

  test("an address a password account holds verified is NOT merged: a new account, its address unverified, the other untouched", async () => {
    const victim = await createUser(db, { email: `victim_${uniqueSuffix()}@example.com`, emailVerifiedAt: new Date() });
    const untouched = await userOf(victim.id);
    const { id } = await upsertOidcUser(db, profile({ email: victim.email, emailVerified: true, name: victim.displayName, usernameHint: victim.username }));

    expect(id).not.toBe(victim.id);
    const created = await userOf(id);
    expect(created).toMatchObject({ email: victim.email, emailVerifiedAt: null });
    expect(created.username).not.toBe(victim.username);
    expect(await userOf(victim.id)).toEqual(untouched);
  });

  test("an address another account only typed (never verified) is the provider's verified one: the new account holds it verified", async () => {
    const typed = await createUser(db, { email: `typed_${uniqueSuffix()}@example.com` });
    const { id } = await upsertOidcUser(db, profile({ email: typed.email, emailVerified: true, usernameHint: "owner" }));
    expect(id).not.toBe(typed.id);
    expect((await userOf(id)).emailVerifiedAt).toBeInstanceOf(Date);
    expect(await userOf(typed.id)).toMatchObject({ email: typed.email, emailVerifiedAt: null });
  });

  test("two new identities claiming one verified address: the first holds it verified, the second unverified", async () => {
    const email = `shared_${uniqueSuffix()}@school.example`;
    const first = await upsertOidcUser(db, profile({ email, emailVerified: true, usernameHint: "first" }));
    const second = await upsertOidcUser(db, profile({ email, emailVerified: true, usernameHint: "second" }));
    expect((await userOf(first.id)).emailVerifiedAt).toBeInstanceOf(Date);
    expect(await userOf(second.id)).toMatchObject({ email, emailVerifiedAt: null });
  });

  test("a taken username gets a suffix; a name with bidi or invisible characters is stored cleaned", async () => {
    const taken = await createUser(db);
    const { id } = await upsertOidcUser(db, profile({ usernameHint: taken.username, name: "\u202EAda\u200B Lovelace\u{E0041}" }));
    const user = await userOf(id);
    expect(user.username).not.toBe(taken.username);
    expect(user.username.startsWith(taken.username.slice(0, 16))).toBe(true);
    expect(user.displayName).toBe("Ada Lovelace");
  });

  test("no name claims at all: a learner… username", async () => {
    const { id } = await upsertOidcUser(db, profile());
    expect((await userOf(id)).username).toMatch(/^learner/);
  });

  test("first sign-ins of one new identity at once make one account", async () => {
    const school = profile({ email: `race_${uniqueSuffix()}@school.example`, emailVerified: true, usernameHint: "racer" });
    const results = await Promise.all(Array.from({ length: 6 }, () => upsertOidcUser(db, school)));
    expect(new Set(results.map((user) => user.id)).size).toBe(1);
    expect(await db.oidcIdentity.count({ where: { issuer: ISSUER, subject: school.subject } })).toBe(1);
    expect(await db.user.count({ where: { email: school.email } })).toBe(1);
  });
});

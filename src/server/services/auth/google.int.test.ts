/** Google sign-in: find-or-create by Google subject; never merged into a password account by e-mail. */
import { describe, expect, test } from "vitest";

import { db } from "../../../../test/db";
import { createUser, uniqueSuffix } from "../../../../test/factories";

import { upsertGoogleUser } from "./google";

const subject = () => `google-${uniqueSuffix()}`;

describe("upsertGoogleUser", () => {
  test("creates a user with the verified e-mail, a derived username and a linked account", async () => {
    const sub = subject();
    const email = `Grace.${uniqueSuffix()}@Gmail.com`;
    const { id, sessionVersion } = await upsertGoogleUser(db, {
      subject: sub,
      email,
      emailVerified: true,
      name: "Grace Hopper",
      picture: "https://lh3.example/p.png",
    });
    expect(sessionVersion).toBe(0);
    const user = await db.user.findUniqueOrThrow({ where: { id }, include: { accounts: true }, omit: { passwordHash: false } });
    expect(user).toMatchObject({ email: email.toLowerCase(), displayName: "Grace Hopper", photoURL: "https://lh3.example/p.png", passwordHash: null });
    expect(user.username).toMatch(/^GraceHopper/);
    expect(user.accounts).toEqual([expect.objectContaining({ provider: "google", providerAccountId: sub })]);
  });

  test("the same Google subject signs in to the same user and refreshes name and picture", async () => {
    const sub = subject();
    const first = await upsertGoogleUser(db, { subject: sub, email: null, emailVerified: false, name: "Old Name" });
    const again = await upsertGoogleUser(db, { subject: sub, email: null, emailVerified: false, name: "New Name", picture: "https://lh3.example/new.png" });
    expect(again.id).toBe(first.id);
    expect(await db.user.findUniqueOrThrow({ where: { id: first.id }, select: { displayName: true, photoURL: true } })).toEqual({
      displayName: "New Name",
      photoURL: "https://lh3.example/new.png",
    });
  });

  test("the display name is stored cleaned: no bidi override, zero-width space or NUL; nothing visible is no name", async () => {
    const sub = subject();
    const { id } = await upsertGoogleUser(db, { subject: sub, email: null, emailVerified: false, name: "\u202EGrace\u200B  Hopper\u0000" });
    expect((await db.user.findUniqueOrThrow({ where: { id }, select: { displayName: true } })).displayName).toBe("Grace Hopper");
    await upsertGoogleUser(db, { subject: sub, email: null, emailVerified: false, name: "\u200B\u202E" });
    expect((await db.user.findUniqueOrThrow({ where: { id }, select: { displayName: true } })).displayName).toBeNull();
  });

  test("an unverified e-mail is not stored", async () => {
    const { id } = await upsertGoogleUser(db, { subject: subject(), email: `unverified_${uniqueSuffix()}@example.com`, emailVerified: false, name: "Someone" });
    expect((await db.user.findUniqueOrThrow({ where: { id } })).email).toBeNull();
  });

  test("a password account whose verified e-mail Google names is NOT taken over: a separate account without the e-mail", async () => {
    const victim = await createUser(db, { email: `victim_${uniqueSuffix()}@example.com` });
    await db.user.update({ where: { id: victim.id }, data: { emailVerifiedAt: new Date() } });
    const { id } = await upsertGoogleUser(db, { subject: subject(), email: victim.email?.toUpperCase(), emailVerified: true, name: victim.username });
    expect(id).not.toBe(victim.id);
    const created = await db.user.findUniqueOrThrow({ where: { id } });
    expect(created.email).toBeNull();
    expect(created.emailVerifiedAt).toBeNull();
    expect(created.username).not.toBe(victim.username);
    expect(await db.account.count({ where: { userId: victim.id } })).toBe(0);
  });

  test("an address another account only typed (never verified) is Google's verified one: a separate account holds it verified, the other is untouched", async () => {
    const typed = await createUser(db, { email: `typed_${uniqueSuffix()}@example.com` });
    const { id } = await upsertGoogleUser(db, { subject: subject(), email: typed.email, emailVerified: true, name: "Owner" });
    expect(id).not.toBe(typed.id);
    const created = await db.user.findUniqueOrThrow({ where: { id } });
    expect(created.email).toBe(typed.email);
    expect(created.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await db.user.findUniqueOrThrow({ where: { id: typed.id } })).toMatchObject({ email: typed.email, emailVerifiedAt: null });
    expect(await db.account.count({ where: { userId: typed.id } })).toBe(0);
  });
});

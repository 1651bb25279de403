import { describe, expect, test } from "vitest";

import { oidcProfileFrom } from "./oidc-claims";

const base = { iss: "https://idp.school.example/realms/pupils", sub: "f0b6c2a4-1d2e-4c55-9a0e-2b8e2c9d7a10" };

describe("oidcProfileFrom", () => {
  test("Keycloak's claims: names from preferred_username and name, the verified address kept lower-cased", () => {
    expect(oidcProfileFrom({ ...base, preferred_username: "ada.l", name: "Ada Lovelace", email: "Ada.L@School.Example", email_verified: true })).toEqual({
      issuer: base.iss,
      subject: base.sub,
      email: "ada.l@school.example",
      emailVerified: true,
      name: "Ada Lovelace",
      usernameHint: "ada.l",
    });
  });

  test("Entra ID: preferred_username is an address (its local part names the account); no email_verified, so unverified", () => {
    const profile = oidcProfileFrom({ ...base, preferred_username: "grace.h@school.example", name: "Grace Hopper", email: "grace.h@school.example" });
    expect(profile).toMatchObject({ usernameHint: "grace.h", email: "grace.h@school.example", emailVerified: false, name: "Grace Hopper" });
  });

  test("without preferred_username: the name, then the address's local part; given and family name make a name", () => {
    expect(oidcProfileFrom({ ...base, name: "Alan Turing" })).toMatchObject({ usernameHint: "Alan Turing", name: "Alan Turing" });
    expect(oidcProfileFrom({ ...base, email: "kj@school.example" })).toMatchObject({ usernameHint: "kj", name: null });
    expect(oidcProfileFrom({ ...base, given_name: "Katherine", family_name: "Johnson" })).toMatchObject({ name: "Katherine Johnson" });
    expect(oidcProfileFrom({ ...base, preferred_username: "kjohnson" })).toMatchObject({ name: "kjohnson", usernameHint: "kjohnson" });
    expect(oidcProfileFrom(base)).toMatchObject({ name: null, usernameHint: null, email: null, emailVerified: false });
  });

  test('email_verified counts only as true or "true" (AWS Cognito sends a string)', () => {
    expect(oidcProfileFrom({ ...base, email: "a@b.example", email_verified: "true" })?.emailVerified).toBe(true);
    expect(oidcProfileFrom({ ...base, email: "a@b.example", email_verified: 1 })?.emailVerified).toBe(false);
    expect(oidcProfileFrom({ ...base, email: "a@b.example", email_verified: "false" })?.emailVerified).toBe(false);
    // Verified, but no usable address: nothing to verify.
    expect(oidcProfileFrom({ ...base, email: "not an address", email_verified: true })).toMatchObject({ email: null, emailVerified: false });
  });

  test.each([
    ["no @", "school.example"],
    ["a space", "ada l@school.example"],
    ["a bidi override", "ada\u202E@school.example"],
    ["a TAG character", "ada\u{E0041}@school.example"],
    ["no dot in the domain", "ada@localhost"],
    ["too long", `${"a".repeat(250)}@school.example`],
    ["not a string", 42],
  ])("an address with %s is dropped", (_, email) => {
    expect(oidcProfileFrom({ ...base, email, email_verified: true })).toMatchObject({ email: null, emailVerified: false });
  });

  test("oversized names are ignored, not cut", () => {
    expect(oidcProfileFrom({ ...base, name: "x".repeat(5000), preferred_username: "y".repeat(5000) })).toMatchObject({ name: null, usernameHint: null });
  });

  test.each([
    ["no iss", { sub: base.sub }],
    ["no sub", { iss: base.iss }],
    ["an empty sub", { ...base, sub: "" }],
    ["a sub over 255 characters", { ...base, sub: "s".repeat(256) }],
    ["a numeric sub", { ...base, sub: 12345 }],
    ["a NUL in sub", { ...base, sub: "a\u0000b" }],
    ["an issuer over 255 characters", { ...base, iss: `https://idp.example/${"r".repeat(250)}` }],
  ])("%s: no profile (the sign-in is refused)", (_, claims) => {
    expect(oidcProfileFrom(claims)).toBeNull();
  });

  test("sub is kept exactly as sent (compared byte for byte on the next sign-in)", () => {
    expect(oidcProfileFrom({ ...base, sub: " 00uABC " })?.subject).toBe(" 00uABC ");
  });
});

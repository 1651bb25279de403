import { describe, expect, test } from "vitest";

import { schoolClaims, schoolProvider } from "./school-provider";

describe("schoolProvider", () => {
  test("discovery from the issuer, code flow with PKCE, state and nonce, the id_token verified, scopes openid email profile", () => {
    const provider = schoolProvider({ issuer: "https://idp.example/realms/school/", clientId: "cc", clientSecret: "s", name: "Sign in with Springfield SSO" });
    expect(provider).toMatchObject({
      id: "oidc",
      name: "Sign in with Springfield SSO",
      type: "oauth",
      wellKnown: "https://idp.example/realms/school/.well-known/openid-configuration",
      clientId: "cc",
      clientSecret: "s",
      checks: ["pkce", "state", "nonce"],
      idToken: true,
      authorization: { params: { scope: "openid email profile" } },
    });
  });
});

describe("schoolClaims", () => {
  const idToken = { iss: "https://idp.example", sub: "u1", aud: "cc", nonce: "n", email: "a@school.example", email_verified: false };

  test("userinfo fills what the id_token lacks; the id_token's claims win where both have one", async () => {
    const claims = await schoolClaims(idToken, () => Promise.resolve({ sub: "u1", name: "Ada", email: "other@evil.example", email_verified: true }));
    expect(claims).toEqual({ ...idToken, name: "Ada" });
  });

  test("userinfo about another subject is left out", async () => {
    expect(await schoolClaims(idToken, () => Promise.resolve({ sub: "u2", name: "Mallory" }))).toEqual(idToken);
  });

  test("a failing or missing userinfo leaves the id_token's claims", async () => {
    expect(await schoolClaims(idToken, () => Promise.reject(new Error("userinfo_endpoint not configured")))).toEqual(idToken);
    expect(await schoolClaims(idToken, () => Promise.resolve(null))).toEqual(idToken);
  });
});

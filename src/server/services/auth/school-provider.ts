import { decodeJwt } from "jose";
import type { OAuthConfig } from "next-auth/providers/oauth";

import { normalizedIssuer, OIDC_PROVIDER_ID } from "~/lib/rules/oidc";
import { logger } from "~/server/logger";

type Claims = Record<string, unknown>;

export type SchoolProviderSettings = { issuer: string; clientId: string; clientSecret: string; name: string };

/**
 * The claims a school sign-in reads: the verified id_token's, completed by the userinfo endpoint
 * (Okta and others put only a few claims in the id_token). The id_token's win where both name a
 * claim; userinfo about another `sub`, or userinfo that fails, is left out.
 */
export async function schoolClaims(idTokenClaims: Claims, userinfo: () => Promise<Claims | null>): Promise<Claims> {
  try {
    const info = await userinfo();
    if (info === null) return idTokenClaims;
    if (info.sub === idTokenClaims.sub) return { ...info, ...idTokenClaims };
    logger.warn("school sign-in: userinfo names another subject; using the id_token's claims");
  } catch (error) {
    logger.warn("school sign-in: userinfo unavailable, using the id_token's claims", { detail: error instanceof Error ? error.message : undefined });
  }
  return idTokenClaims;
}

/**
 * The school's OpenID Connect provider for next-auth v4: discovery from the issuer, the
 * authorization code flow with PKCE (S256), state and nonce, and the id_token checked by
 * openid-client (signature against the issuer's JWKS, iss, aud, exp, nonce). Its callback is
 * /api/auth/callback/oidc.
 */
export function schoolProvider({ issuer, clientId, clientSecret, name }: SchoolProviderSettings): OAuthConfig<Claims> {
  return {
    id: OIDC_PROVIDER_ID,
    name,
    type: "oauth",
    wellKnown: `${normalizedIssuer(issuer)}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    checks: ["pkce", "state", "nonce"],
    idToken: true,
    userinfo: {
      // openid-client's callback has verified the id_token by now (it refuses a code exchange without one).
      request: ({ tokens, client }) =>
        schoolClaims(decodeJwt(tokens.id_token ?? ""), async () => (tokens.access_token ? client.userinfo(tokens.access_token) : null)),
    },
    // next-auth's own user object; the account is made from the claims in the jwt callback.
    profile: (claims) => ({ id: String(claims.sub), name: typeof claims.name === "string" ? claims.name : null, email: null, image: null }),
  };
}

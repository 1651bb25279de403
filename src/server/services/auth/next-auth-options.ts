import type { NextAuthOptions } from "next-auth";
import GoogleProvider from "next-auth/providers/google";

import { env } from "~/env";
import { OIDC_PROVIDER_ID } from "~/lib/rules/oidc";
import { oidcProfileFrom } from "~/server/auth/oidc-claims";
import { db } from "~/server/db";
import { logger } from "~/server/logger";
import { revokeSessions } from "./credentials";
import { upsertGoogleUser } from "./google";
import { schoolProvider } from "./school-provider";
import { upsertOidcUser } from "./upsert-oidc-user";

import { authSecret, claimsFromToken, SESSION_MAX_AGE_SECONDS } from "~/server/auth/session";

const googleConfigured = () => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

/** School sign-in, when the issuer and client are set (docs/features/school-sign-in.md). */
function schoolProviders() {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  return issuer && clientId && clientSecret ? [schoolProvider({ issuer, clientId, clientSecret, name: env.OIDC_NAME })] : [];
}

/**
 * next-auth handles Google and school (OpenID Connect) sign-in (the OAuth code exchange and
 * id_token check happen on the server; the browser never tells us who it is) and the session
 * cookie. Neither counts against a rate limit: a forged callback fails on state, nonce and PKCE. Username/password
 * sign-in goes through POST /api/login, which issues the same cookie.
 */
export function authOptions(): NextAuthOptions {
  const issuer = env.GOOGLE_ISSUER.replace(/\/$/, "");
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/auth", error: "/auth/popup-done" },
    providers: [
      ...(googleConfigured()
        ? [
            GoogleProvider({
              clientId: env.GOOGLE_CLIENT_ID ?? "",
              clientSecret: env.GOOGLE_CLIENT_SECRET ?? "",
              issuer,
              wellKnown: `${issuer}/.well-known/openid-configuration`,
              // The spec forces the account chooser every time.
              authorization: { params: { scope: "openid email profile", prompt: "select_account" } },
            }),
          ]
        : []),
      ...schoolProviders(),
    ],
    callbacks: {
      // A school sign-in whose claims lack a usable issuer or subject goes no further (AccessDenied).
      signIn({ account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        return oidcProfileFrom({ ...profile }) !== null;
      },
      async jwt({ token, account, profile }) {
        if (account?.provider === "google") {
          const google: { sub?: string; email?: string; email_verified?: boolean; name?: string; picture?: string } | undefined = profile;
          const subject = google?.sub ?? account.providerAccountId;
          const user = await upsertGoogleUser(db, {
            subject,
            email: google?.email,
            emailVerified: google?.email_verified === true,
            name: google?.name,
            picture: google?.picture,
          });
          return { sub: String(user.id), sv: user.sessionVersion, name: google?.name ?? null, email: google?.email ?? null };
        }
        if (account?.provider === OIDC_PROVIDER_ID) {
          const school = oidcProfileFrom({ ...profile });
          if (!school) throw new Error("school sign-in without an issuer or subject");
          const user = await upsertOidcUser(db, school);
          return { sub: String(user.id), sv: user.sessionVersion, name: school.name, email: school.email };
        }
        return token;
      },
      session({ session, token }) {
        const claims = claimsFromToken(token);
        return { ...session, user: { ...session.user, id: claims?.userId } };
      },
      // Only same-site redirects after sign-in.
      redirect({ url, baseUrl }) {
        if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl}${url}`;
        return new URL(url).origin === baseUrl ? url : baseUrl;
      },
    },
    events: {
      async signOut({ token }) {
        const claims = claimsFromToken(token);
        if (claims) await revokeSessions(db, claims.userId);
      },
    },
    logger: {
      error: (code, metadata) => logger.error(`next-auth: ${code}`, { detail: metadata instanceof Error ? metadata.message : undefined }),
      warn: (code) => logger.warn(`next-auth: ${code}`),
      debug: () => undefined,
    },
  };
}

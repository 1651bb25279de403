import type { NextAuthOptions } from "next-auth";
import GoogleProvider from "next-auth/providers/google";

import { env } from "~/env";
import { db } from "~/server/db";
import { logger } from "~/server/logger";
import { revokeSessions } from "./credentials";
import { upsertGoogleUser } from "./google";

import { authSecret, claimsFromToken, SESSION_MAX_AGE_SECONDS } from "~/server/auth/session";

const googleConfigured = () => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

/**
 * next-auth handles Google sign-in (the OAuth code exchange and id_token check happen on the
 * server; the browser never tells us who it is) and the session cookie. Username/password
 * sign-in goes through POST /api/login, which issues the same cookie.
 */
export function authOptions(): NextAuthOptions {
  const issuer = env.GOOGLE_ISSUER.replace(/\/$/, "");
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/auth", error: "/auth/popup-done" },
    providers: googleConfigured()
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
      : [],
    callbacks: {
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

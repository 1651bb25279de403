import { changePasswordInput, googleSyncInput, loginInput, okOutput, registerInput, userOutput } from "~/lib/schemas/auth";
import { clearedSessionCookie, encodeSessionToken, sessionCookie } from "~/server/auth/session";
import { changePassword, loginUser, registerUser, revokeSessions, type SignedIn } from "~/server/services/auth/credentials";

import { assertSession, createTRPCRouter, protectedProcedure, publicProcedure, sessionProcedure, type Context } from "../trpc";

async function startSession(ctx: Context, { user, sessionVersion }: SignedIn) {
  const token = await encodeSessionToken({ userId: user.id, sessionVersion, name: user.displayName ?? user.username, email: user.email });
  ctx.resHeaders.append("Set-Cookie", sessionCookie(token));
  return user;
}

export const authRouter = createTRPCRouter({
  // GET /api/user
  me: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/user", tags: ["auth"], summary: "The signed-in user (401 when signed out)" } })
    .output(userOutput)
    .query(({ ctx }) => ctx.user),

  /** Like `me`, but null instead of 401: what the app shell asks on every page. */
  session: publicProcedure.query(({ ctx }) => ctx.getUser()),

  // POST /api/login
  login: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/login",
        errorResponses: { 401: "Invalid username or password", 429: "Too many login attempts (Retry-After)" },
        tags: ["auth"],
        protect: false,
        summary: "Sign in with username and password",
      },
    })
    .input(loginInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => startSession(ctx, await loginUser(ctx.db, input, ctx.clientIp))),

  // POST /api/register
  register: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/register",
        errorResponses: { 409: "Username or email is already taken", 429: "Too many accounts created from this address (Retry-After)" },
        tags: ["auth"],
        protect: false,
        summary: "Create an account and sign in",
      },
    })
    .input(registerInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => startSession(ctx, await registerUser(ctx.db, input, ctx.clientIp))),

  // POST /api/logout
  logout: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/logout",
        tags: ["auth"],
        protect: false,
        errorResponses: { 401: "An API token that is not valid, revoked or expired", 403: "Sent with an API token: signing out needs a browser session" },
        summary: "Sign out and revoke every session of this user",
      },
    })
    .output(okOutput)
    .mutation(async ({ ctx }) => {
      const user = await ctx.getUser();
      // Signing out is the browser's: an API token (once it is known to be valid) gets 403.
      assertSession(ctx);
      if (user) await revokeSessions(ctx.db, user.id);
      ctx.resHeaders.append("Set-Cookie", clearedSessionCookie());
      return { success: true as const };
    }),

  // POST /api/auth/google
  googleSync: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/google",
        tags: ["auth"],
        summary: "After the Google popup: returns the user the server-side OAuth exchange signed in (the body is ignored)",
      },
    })
    .input(googleSyncInput)
    .output(userOutput)
    .mutation(({ ctx }) => ctx.user),

  /** Changes the password, revokes every earlier session and keeps this browser signed in. Not with an API token. */
  changePassword: sessionProcedure
    .input(changePasswordInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const sessionVersion = await changePassword(ctx.db, ctx.user.id, input);
      await startSession(ctx, { user: ctx.user, sessionVersion });
      return { success: true as const };
    }),
});

import {
  changeEmailInput,
  changePasswordInput,
  emailStateOutput,
  googleSyncInput,
  loginInput,
  okOutput,
  passwordResetConfirmInput,
  passwordResetInput,
  passwordResetOutput,
  registerInput,
  userOutput,
  verifyEmailInput,
} from "~/lib/schemas/auth";
import { clearedSessionCookie, encodeSessionToken, sessionCookie } from "~/server/auth/session";
import { changePassword, loginUser, registerUser, revokeSessions, type SignedIn } from "~/server/services/auth/credentials";
import { changeEmail, getEmailState, resendVerification, verifyEmail } from "~/server/services/auth/email-address";
import { confirmPasswordReset, requestPasswordReset } from "~/server/services/auth/password-reset";

import { publicOrigin } from "../forwarded";

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
        errorResponses: { 401: "Invalid username or password", 429: "Too many failed login attempts from this address or for this account (Retry-After)" },
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
    .mutation(async ({ ctx, input }) => startSession(ctx, await registerUser(ctx.db, input, ctx.clientIp, publicOrigin(ctx.headers)))),

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

  // POST /api/auth/google: after any provider's popup (Google or the school's), whose exchange set the session cookie.
  googleSync: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/google",
        tags: ["auth"],
        summary: "After the Google or school sign-in popup: returns the user the server-side OAuth exchange signed in (the body is ignored)",
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

  // GET /api/user/email
  emailState: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/user/email", tags: ["auth"], summary: "The account's e-mail address and whether it is verified" } })
    .output(emailStateOutput)
    .query(({ ctx }) => getEmailState(ctx.db, ctx.user.id)),

  // PATCH /api/user/email
  changeEmail: sessionProcedure
    .meta({
      successStatus: 202,
      openapi: {
        method: "PATCH",
        path: "/user/email",
        tags: ["auth"],
        successDescription: "Accepted (202): the address is saved unverified and a link to verify it is on its way",
        errorResponses: { 403: "Sent with an API token", 409: "Another account has verified this address", 429: "Too many verification e-mails (Retry-After)" },
        summary: "Change the e-mail address; it stays unverified until the link sent to it is opened",
      },
    })
    .input(changeEmailInput)
    .output(emailStateOutput)
    .mutation(({ ctx, input }) => changeEmail(ctx.db, ctx.user.id, input, { origin: publicOrigin(ctx.headers) })),

  // POST /api/user/email/resend
  resendVerification: sessionProcedure
    .meta({
      successStatus: 202,
      openapi: {
        method: "POST",
        path: "/user/email/resend",
        tags: ["auth"],
        successDescription: "Accepted (202): a new link is on its way",
        errorResponses: { 403: "Sent with an API token", 409: "No address, or it is verified already", 429: "Too many verification e-mails (Retry-After)" },
        summary: "Send the verification link again",
      },
    })
    .output(emailStateOutput)
    .mutation(({ ctx }) => resendVerification(ctx.db, ctx.user.id, { origin: publicOrigin(ctx.headers) })),

  // POST /api/user/email/verify
  verifyEmail: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/email/verify",
        tags: ["auth"],
        protect: false,
        errorResponses: {
          400: "The link is not valid, expired, used, or for an address since changed",
          409: "Another account has verified this address",
          429: "Too many attempts (Retry-After)",
        },
        summary: "Verify an e-mail address with the token of the link sent to it",
      },
    })
    .input(verifyEmailInput)
    .output(emailStateOutput)
    .mutation(({ ctx, input }) => verifyEmail(ctx.db, input, { clientIp: ctx.clientIp })),

  // POST /api/auth/password-reset
  requestPasswordReset: publicProcedure
    .meta({
      successStatus: 202,
      openapi: {
        method: "POST",
        path: "/auth/password-reset",
        tags: ["auth"],
        protect: false,
        successDescription: "Accepted (202), the same answer whether or not an account matches",
        errorResponses: { 429: "Too many requests from this address or for this account (Retry-After)" },
        summary: "Forgot password: mail a reset link to the matching account's verified address",
      },
    })
    .input(passwordResetInput)
    .output(passwordResetOutput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.db, input, { clientIp: ctx.clientIp, origin: publicOrigin(ctx.headers) })),

  // POST /api/auth/password-reset/confirm
  confirmPasswordReset: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/password-reset/confirm",
        tags: ["auth"],
        protect: false,
        errorResponses: { 400: "The link is not valid, expired or used, or the password breaks the rules", 429: "Too many attempts (Retry-After)" },
        summary: "Set a new password with a reset link's token; ends every other session and signs this browser in",
      },
    })
    .input(passwordResetConfirmInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => startSession(ctx, await confirmPasswordReset(ctx.db, input, { clientIp: ctx.clientIp }))),
});

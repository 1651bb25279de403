import { apiTokenCreatedOutput, apiTokenCreateInput, apiTokenIdInput, apiTokenListOutput } from "~/lib/schemas/api-tokens";
import { okOutput } from "~/lib/schemas/auth";
import { createApiToken, listApiTokens, revokeApiToken } from "~/server/services/auth/api-tokens";

import { createTRPCRouter, protectedProcedure, sessionProcedure } from "../trpc";

/**
 * The learner's personal API tokens (the /account page). Listing is open to a token too (names
 * and prefixes only, never a secret: a tool may check its own expiry); creating and revoking
 * need the browser session, so a token cannot mint or remove tokens.
 */
export const apiTokensRouter = createTRPCRouter({
  list: protectedProcedure.output(apiTokenListOutput).query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),

  /** Returns the secret this once. */
  create: sessionProcedure
    .input(apiTokenCreateInput)
    .output(apiTokenCreatedOutput)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user.id, input)),

  revoke: sessionProcedure
    .input(apiTokenIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await revokeApiToken(ctx.db, { userId: ctx.user.id, tokenId: input.id });
      return { success: true as const };
    }),
});

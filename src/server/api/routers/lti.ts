import { ltiPickerInput, ltiPickerOutput } from "~/lib/schemas/lti";
import { showDeepLinkPicker } from "~/server/services/lti/show-picker";

import { createTRPCRouter, protectedProcedure } from "../trpc";

/** LTI 1.3's pages (docs/lti.md); the protocol's own entries are routes of api/lti.ts, not procedures. */
export const ltiRouter = createTRPCRouter({
  // The deep-linking picker (tRPC only): the teacher's launch and the courses they may link.
  picker: protectedProcedure
    .input(ltiPickerInput)
    .output(ltiPickerOutput)
    .query(({ ctx, input }) => showDeepLinkPicker(ctx.db, { userId: ctx.user.id, launchId: input.launchId, query: input.q, now: new Date() })),
});

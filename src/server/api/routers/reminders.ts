import { reminderSettingsInput, reminderSettingsOutput } from "~/lib/schemas/reminders";
import { getReminderSettings, updateReminderSettings } from "~/server/services/reminders/settings";

import { createTRPCRouter, protectedProcedure } from "../trpc";

const tags = ["reminders"];

/** When and how the learner is reminded: channels, local hour, time zone, kinds (/account). */
export const remindersRouter = createTRPCRouter({
  // GET /api/user/reminders
  settings: protectedProcedure
    .meta({
      openapi: { method: "GET", path: "/user/reminders", tags, summary: "Your reminder settings (the defaults, every channel off, until you save some)" },
    })
    .output(reminderSettingsOutput)
    .query(({ ctx }) => getReminderSettings(ctx.db, ctx.user.id)),

  // PUT /api/user/reminders
  update: protectedProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/user/reminders",
        errorResponses: { 400: "An unknown time zone or kind, or an hour outside 0-23" },
        tags,
        summary: "Set your reminder channels (email, push), local hour, time zone (IANA) and kinds",
      },
    })
    .input(reminderSettingsInput)
    .output(reminderSettingsOutput)
    .mutation(({ ctx, input }) => updateReminderSettings(ctx.db, ctx.user.id, input)),
});

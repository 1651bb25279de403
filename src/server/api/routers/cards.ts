import { okOutput } from "~/lib/schemas/auth";
import { cardCreateInput, cardIdInput, cardOutput, cardReviewedOutput, cardReviewInput } from "~/lib/schemas/cards";
import { createCard } from "~/server/services/cards/create-card";
import { deleteCard } from "~/server/services/cards/delete-card";
import { reviewCard } from "~/server/services/cards/review-card";

import { createTRPCRouter, protectedProcedure } from "../trpc";

const tags = ["cards"];

/** The learner's flashcards: made by hand, deleted, reviewed (scheduled by FSRS). */
export const cardsRouter = createTRPCRouter({
  // POST /api/courses/{id}/cards
  create: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/courses/{id}/cards",
        errorResponses: {
          404: "Course not found, or the note is not one of yours in this course",
          422: "The moment is past the end of the video, a note card without its note, or too many cards",
        },
        tags,
        summary: "Make a flashcard from one of your notes or a transcript line (due now)",
      },
    })
    .input(cardCreateInput)
    .output(cardOutput)
    .mutation(({ ctx, input }) => createCard(ctx.db, { userId: ctx.user.id, input })),

  // DELETE /api/cards/{id}
  delete: protectedProcedure
    .meta({ openapi: { method: "DELETE", path: "/cards/{id}", errorResponses: { 404: "Card not found" }, tags, summary: "Delete one of your cards" } })
    .input(cardIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteCard(ctx.db, { userId: ctx.user.id, cardId: input.id });
      return { success: true as const };
    }),

  // POST /api/cards/{id}/review
  review: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/cards/{id}/review",
        errorResponses: { 404: "Card not found", 409: "The card is not due yet (it was just reviewed)" },
        tags,
        summary: "Rate a due card (again, hard, good or easy); answers the card with its next due time",
      },
    })
    .input(cardReviewInput)
    .output(cardReviewedOutput)
    .mutation(({ ctx, input }) => reviewCard(ctx.db, { userId: ctx.user.id, cardId: input.id, rating: input.rating, timeZone: ctx.timeZone })),
});

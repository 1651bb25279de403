import { apiTokensRouter } from "./routers/api-tokens";
import { assignmentsRouter } from "./routers/assignments";
import { authRouter } from "./routers/auth";
import { cardsRouter } from "./routers/cards";
import { chatRouter } from "./routers/chat";
import { classesRouter } from "./routers/classes";
import { courseRouter } from "./routers/course";
import { editingRouter } from "./routers/editing";
import { gamificationRouter } from "./routers/gamification";
import { generationRouter } from "./routers/generation";
import { ltiRouter } from "./routers/lti";
import { masteryRouter } from "./routers/mastery";
import { notesRouter } from "./routers/notes";
import { progressRouter } from "./routers/progress";
import { pushRouter } from "./routers/push";
import { quizRouter } from "./routers/quiz";
import { remindersRouter } from "./routers/reminders";
import { reviewRouter } from "./routers/review";
import { subscriptionRouter } from "./routers/subscription";
import { transcriptRouter } from "./routers/transcript";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  apiTokens: apiTokensRouter,
  assignments: assignmentsRouter,
  auth: authRouter,
  cards: cardsRouter,
  chat: chatRouter,
  classes: classesRouter,
  course: courseRouter,
  editing: editingRouter,
  gamification: gamificationRouter,
  generation: generationRouter,
  lti: ltiRouter,
  mastery: masteryRouter,
  notes: notesRouter,
  progress: progressRouter,
  push: pushRouter,
  quiz: quizRouter,
  reminders: remindersRouter,
  review: reviewRouter,
  subscription: subscriptionRouter,
  transcript: transcriptRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

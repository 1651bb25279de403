import { apiTokensRouter } from "./routers/api-tokens";
import { authRouter } from "./routers/auth";
import { cardsRouter } from "./routers/cards";
import { chatRouter } from "./routers/chat";
import { courseRouter } from "./routers/course";
import { gamificationRouter } from "./routers/gamification";
import { generationRouter } from "./routers/generation";
import { progressRouter } from "./routers/progress";
import { quizRouter } from "./routers/quiz";
import { reviewRouter } from "./routers/review";
import { subscriptionRouter } from "./routers/subscription";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  apiTokens: apiTokensRouter,
  auth: authRouter,
  cards: cardsRouter,
  chat: chatRouter,
  course: courseRouter,
  gamification: gamificationRouter,
  generation: generationRouter,
  progress: progressRouter,
  quiz: quizRouter,
  review: reviewRouter,
  subscription: subscriptionRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

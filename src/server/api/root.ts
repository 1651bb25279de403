import { apiTokensRouter } from "./routers/api-tokens";
import { authRouter } from "./routers/auth";
import { chatRouter } from "./routers/chat";
import { courseRouter } from "./routers/course";
import { gamificationRouter } from "./routers/gamification";
import { generationRouter } from "./routers/generation";
import { progressRouter } from "./routers/progress";
import { quizRouter } from "./routers/quiz";
import { subscriptionRouter } from "./routers/subscription";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  apiTokens: apiTokensRouter,
  auth: authRouter,
  chat: chatRouter,
  course: courseRouter,
  gamification: gamificationRouter,
  generation: generationRouter,
  progress: progressRouter,
  quiz: quizRouter,
  subscription: subscriptionRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

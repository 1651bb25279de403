import { authRouter } from "./routers/auth";
import { courseRouter } from "./routers/course";
import { progressRouter } from "./routers/progress";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  course: courseRouter,
  progress: progressRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

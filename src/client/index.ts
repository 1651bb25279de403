/**
 * `coursecraft/client`: the typed client of the CourseCraft API for scripts and internal tools.
 *
 * Only types come from the server (`import type`): nothing of the server runs in a script that
 * uses this client (ESLint and dependency-cruiser hold src/client/ to that).
 */
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";

import type { AppRouter } from "../server/api/root";

export { createCourseCraftClient, MAX_BATCH_ITEMS, type CourseCraftAuth, type CourseCraftClient, type CourseCraftClientOptions } from "./create-client";
export { CourseCraftError, isCourseCraftError, toCourseCraftError, type CourseCraftErrorCode } from "./errors";
export type { AppErrorCode } from "../server/errors";
export type { AppRouter };

/** The input of every procedure: `RouterInputs["progress"]["update"]`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** The output of every procedure: `RouterOutputs["course"]["mine"]`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

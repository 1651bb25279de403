/** What the server does at start with its video sources (start-worker.int.test.ts runs the worker itself). */
import { describe, expect, test, vi } from "vitest";

const { load, failingLoad } = vi.hoisted(() => ({ load: vi.fn(async () => {}), failingLoad: vi.fn(async () => Promise.reject(new Error("EACCES"))) }));

vi.mock("~/server/db", () => ({ db: {} }));
vi.mock("./worker", () => ({ startGenerationWorker: () => ({ stop: async () => {} }) }));
vi.mock("./deps", () => ({
  getGenerationDeps: () => ({
    sources: [{ name: "library", load }, { name: "broken-library", load: failingLoad }, { name: "youtubei" }],
    engine: { name: "offline" },
  }),
}));

import { logger } from "~/server/logger";

import { ensureGenerationWorker, stopGenerationWorker } from "./start-worker";

describe("ensureGenerationWorker", () => {
  test("reads every source that holds files at start, so a library's unusable files are named then; a failure is logged", async () => {
    const warn = vi.spyOn(logger, "warn");
    ensureGenerationWorker();
    expect(load).toHaveBeenCalledTimes(1);
    expect(failingLoad).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith("video source could not be read at start", { source: "broken-library", error: "Error: EACCES" }));
    await stopGenerationWorker();
  });
});

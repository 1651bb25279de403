/**
 * Every procedure whose input has a `userId` runs the one ownership check (`ownUserIdOnly`), after
 * its input is parsed, so a path added with a documented `userId` cannot forget it (issue 31). The
 * access matrix (test/suites/access-control.int.test.ts) then proves the 403 on every such row.
 */
import type { AnyTRPCProcedure } from "@trpc/server";
import { describe, expect, test } from "vitest";
import type { z } from "zod";

import { appRouter } from "./root";
import { ownUserIdOnly } from "./trpc";

type Step = ((...args: never[]) => unknown) & { _type?: string };

/** The top-level keys an input schema declares (through pipes and wrappers); none for a non-object. */
function keysOf(schema: z.core.$ZodType): string[] {
  const def = schema._zod.def as { shape?: Record<string, unknown>; in?: z.core.$ZodType; innerType?: z.core.$ZodType };
  if (def.shape) return Object.keys(def.shape);
  const inner = def.in ?? def.innerType;
  return inner ? keysOf(inner) : [];
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>).map(([name, procedure]) => {
  const def = procedure._def as unknown as { inputs: z.core.$ZodType[]; middlewares: Step[] };
  return { name, keys: def.inputs.flatMap(keysOf), middlewares: def.middlewares };
});
const [ownership] = ownUserIdOnly._middlewares as unknown as Step[];

describe("ownership", () => {
  test("the check is one middleware", () => {
    expect(ownUserIdOnly._middlewares).toHaveLength(1);
  });

  const withUserId = procedures.filter((procedure) => procedure.keys.includes("userId"));

  test("the documented paths with a userId are found (the walk reads the schemas)", () => {
    expect(withUserId.map((procedure) => procedure.name)).toEqual(
      expect.arrayContaining(["progress.update", "progress.byCourse", "chat.history", "chat.send", "gamification.streak", "quiz.submitAttempt"]),
    );
  });

  test.each(withUserId)("$name runs ownUserIdOnly after its input is parsed", ({ middlewares }) => {
    const at = middlewares.indexOf(ownership!);
    expect(at).toBeGreaterThan(-1);
    const lastInput = middlewares.findLastIndex((step) => step._type === "input");
    expect(at).toBeGreaterThan(lastInput);
  });
});

import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, test } from "vitest";
import { z } from "zod";

import { callProcedure } from "./call-procedure";

/** A router whose middlewares use every part of the contract: ctx from next, input from next, output parsing, throws. */
const t = initTRPC.context<{ who: string; log: string[] }>().create();
const traced = t.procedure.use(async ({ ctx, next, path, type }) => {
  ctx.log.push(`outer ${path} ${type}`);
  const result = await next({ ctx: { role: "learner" as const } });
  ctx.log.push(`outer done ${result.ok}`);
  return result;
});
const router = t.router({
  greet: traced
    .input(z.object({ name: z.string().trim().min(1) }))
    .output(z.object({ text: z.string() }))
    .query(({ ctx, input }) => ({ text: `${ctx.role} ${ctx.who} greets ${input.name}`, extra: "stripped by the output schema" })),
  refuse: traced.mutation(() => {
    throw new TRPCError({ code: "FORBIDDEN", message: "no" });
  }),
  crash: traced.query(() => {
    throw new Error("boom");
  }),
  rewrite: traced
    .use(({ next }) => next({ getRawInput: () => Promise.resolve({ name: "rewritten" }) }))
    .input(z.object({ name: z.string() }))
    .query(({ input }) => input.name),
  badOutput: traced.output(z.number()).query(() => "not a number" as unknown as number),
});

const procedures = router._def.procedures as unknown as Record<string, Parameters<typeof callProcedure>[0]>;

/** The same call through tRPC's own caller and through callProcedure: result or error, and what the middlewares saw. */
async function both(path: keyof typeof router._def.record, input: unknown) {
  const run = async (how: "trpc" | "lean") => {
    const ctx = { who: "Ada", log: [] as string[] };
    try {
      const data =
        how === "trpc"
          ? await (t.createCallerFactory(router)(ctx) as unknown as Record<string, (input: unknown) => Promise<unknown>>)[path]!(input)
          : await callProcedure(procedures[path]!, {
              path,
              type: procedures[path]!._def.type,
              ctx,
              getRawInput: () => Promise.resolve(input),
              signal: undefined,
              batchIndex: 0,
            });
      return { data, log: ctx.log };
    } catch (error) {
      const e = error as TRPCError;
      return { error: { name: e.name, code: e.code, message: e.message, cause: e.cause?.message }, log: ctx.log };
    }
  };
  return { trpc: await run("trpc"), lean: await run("lean") };
}

describe("callProcedure runs a procedure as tRPC's caller does", () => {
  test.each([
    ["greet", { name: "  Grace " }],
    ["greet", { name: "" }],
    ["greet", { name: 5 }],
    ["refuse", undefined],
    ["crash", undefined],
    ["rewrite", { name: "original" }],
    ["badOutput", undefined],
  ] as const)("%s %j", async (path, input) => {
    const { trpc, lean } = await both(path, input);
    expect(lean).toEqual(trpc);
  });

  test("the results are what the procedures mean (positive controls)", async () => {
    expect((await both("greet", { name: " Grace" })).lean).toMatchObject({ data: { text: "learner Ada greets Grace" } });
    expect((await both("rewrite", { name: "original" })).lean).toMatchObject({ data: "rewritten" });
    expect((await both("refuse", undefined)).lean).toMatchObject({ error: { code: "FORBIDDEN" }, log: ["outer refuse mutation", "outer done false"] });
    expect((await both("badOutput", undefined)).lean).toMatchObject({ error: { code: "INTERNAL_SERVER_ERROR", message: "Output validation failed" } });
  });
});

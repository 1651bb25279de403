/**
 * Every number a procedure takes is a number input of lib/schemas/common.ts (wholeNumberSchema,
 * decimalSchema and their parameter forms), never a bare z.number() or a z.coerce: trpc-to-openapi's
 * request handler switches the number schemas of an input to coercion in place, for tRPC calls
 * too, where `true`, `""`, `[]`, `[5]`, "0x10", "1e3" and "3" would read as 1, 0, 0, 5, 16, 1000
 * and 3 (issue 29). A number input holds whether or not its input was coerced; the values are
 * sent after that coercion is in place.
 */
import type { AnyTRPCProcedure } from "@trpc/server";
import { coerceSchema, getInputOutputParsers, instanceofZodTypeObject, type OpenApiMeta, type OpenApiRouter, unwrapZodType } from "trpc-to-openapi";
import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";

import { cardsExportInput, courseExportInput } from "~/lib/schemas/export";

import { NOT_NUMBERS, numbersIn, placed, type Position, positionLabel } from "../../../test/number-inputs";
import { handleRest } from "./handlers";
import { appRouter } from "./root";

/** The text a REST path or query sends for a number: a number input of a parameter converts it. */
const AS_TEXT = "3";

/** The issues of `input` at `at` ("[]" is the first item). */
function issuesAt(schema: z.ZodType, input: unknown, at: Position): z.core.$ZodIssue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  const path = at.map((part) => (part === "[]" ? 0 : part));
  return result.error.issues.filter((issue) => path.every((part, index) => issue.path[index] === part));
}

type Entry = { name: string; input: unknown; method?: string; path?: string };

/** Every procedure of the router, with its REST method and path when it has one. */
const router: OpenApiRouter = appRouter;
const procedures: Entry[] = Object.entries(router._def.procedures as Record<string, AnyTRPCProcedure>).map(([name, procedure]) => {
  const openapi = (procedure._def.meta as OpenApiMeta | undefined)?.openapi;
  return { name, input: getInputOutputParsers(procedure).inputParser, method: openapi?.method, path: openapi?.path };
});
/** The routes that are not procedures but read their query with the procedures' schemas (exports.ts). */
const routes: Entry[] = [
  { name: "GET /courses/{id}/export", input: courseExportInput, method: "GET", path: "/courses/{id}/export" },
  { name: "GET /cards/export", input: cardsExportInput, method: "GET", path: "/cards/export" },
];
const entries = [...procedures, ...routes];

/** The keys a REST call sends as text: its path placeholders, and on GET and DELETE every key (the query). */
function textKeys(entry: Entry): { placeholders: Set<string>; query: boolean } {
  const placeholders = new Set([...(entry.path ?? "").matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
  return { placeholders, query: entry.method === "GET" || entry.method === "DELETE" };
}

const numbers = entries.flatMap((entry) => numbersIn(entry.input).map((found) => ({ entry, ...found })));
const label = (entry: Entry, at: Position) => `${entry.name} ${positionLabel(at) || "(input)"}`;

/**
 * The coercion in place: trpc-to-openapi's handler sets it on a procedure's input when its REST
 * path is first called, before the caller is known. One anonymous call of every path goes through
 * the REST entry that serves it; the package's own function is then applied as its handler
 * applies it, so every path's input is coerced whichever handler serves the paths.
 */
beforeAll(async () => {
  for (const entry of procedures) {
    if (!entry.path || !entry.method) continue;
    const url = `http://localhost/api${entry.path.replace(/\{\w+\}/g, "1")}`;
    const body = entry.method === "GET" || entry.method === "DELETE" ? undefined : "{}";
    const headers = body ? { "content-type": "application/json" } : undefined;
    const response = await handleRest(new Request(url, { method: entry.method, body, headers }), body ? new TextEncoder().encode(body) : undefined);
    expect(response.status, `${entry.method} ${url}`).toBeLessThan(500);
  }
  for (const entry of procedures) {
    if (!entry.path) continue;
    const unwrapped = unwrapZodType(entry.input as z.ZodType, true);
    if (instanceofZodTypeObject(unwrapped)) coerceSchema(unwrapped);
  }
}, 60_000);

describe("number inputs of every procedure", () => {
  test("the walk finds the number inputs, and the issue's card time among them", () => {
    expect(numbers.length).toBeGreaterThan(30);
    const found = numbers.map(({ entry, at }) => label(entry, at));
    for (const expected of [
      "cards.create timeSeconds",
      "cards.create noteId",
      "notes.create timeSeconds",
      "notes.update timeSeconds",
      "chat.send atSeconds",
      "review.updateSettings desiredRetention",
      "apiTokens.create expiresInDays",
      "quiz.submitAttempt answers[].questionId",
      "course.recommendations limit",
      "GET /cards/export courseId",
      "editing.section timeStart",
      "editing.split atSeconds",
      "editing.course version",
      "editing.deleteQuestion version",
      "editing.version version",
      "editing.restore version",
      "editing.restore baseVersion",
    ]) {
      expect(found).toContain(expected);
    }
  });

  test("no bare z.number(), z.bigint() or z.coerce anywhere in an input", () => {
    const bare = numbers.filter((found) => !found.input).map(({ entry, at }) => label(entry, at));
    expect(bare, "use wholeNumberSchema/decimalSchema (or their Param forms) from lib/schemas/common.ts").toEqual([]);
  });

  test("a number is read from text only where a REST call sends it as text: a path placeholder or a GET/DELETE query key", () => {
    const wrong: string[] = [];
    for (const { entry, at, input } of numbers) {
      if (!input) continue;
      const { placeholders, query } = textKeys(entry);
      const sentAsText = at.length === 1 && (placeholders.has(at[0]!) || query);
      if (sentAsText !== (input.source === "parameter"))
        wrong.push(`${label(entry, at)}: ${input.source}, but ${sentAsText ? "sent as text" : "a JSON value"}`);
    }
    expect(wrong).toEqual([]);
  });

  test("after the adapter's coercion, true, '', [], [5], '0x10' and '1e3' are refused everywhere, and '3' wherever a JSON number is due", () => {
    const accepted: string[] = [];
    for (const { entry, at, input } of numbers) {
      const schema = entry.input as z.ZodType;
      for (const bad of NOT_NUMBERS) {
        const issues = issuesAt(schema, placed(at, bad), at);
        if (input?.source === "parameter" && bad === AS_TEXT) {
          if (issues.length) accepted.push(`${label(entry, at)}: its text ${JSON.stringify(bad)} was refused (${issues[0]!.message})`);
          continue;
        }
        if (!issues.length) accepted.push(`${label(entry, at)} = ${JSON.stringify(bad)} was accepted`);
        else if (input && !issues[0]!.message.startsWith(`${input.label} must be `)) {
          accepted.push(`${label(entry, at)} = ${JSON.stringify(bad)}: "${issues[0]!.message}"`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  test("its negative control: a bare z.number() is found, and the adapter's coercion reads true as 1 there", () => {
    const careless = z.object({ id: z.number(), at: z.array(z.object({ seconds: z.number().optional() })) }).strict();
    expect(numbersIn(careless).map((found) => positionLabel(found.at))).toEqual(["id", "at[].seconds"]);
    expect(careless.safeParse({ id: true, at: [{ seconds: "1e3" }] }).success).toBe(false);
    coerceSchema(careless);
    expect(careless.parse({ id: true, at: [{ seconds: "1e3" }] })).toEqual({ id: 1, at: [{ seconds: 1000 }] });
  });
});

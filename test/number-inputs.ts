/**
 * The numbers an input schema takes, found by walking it (issue 29, "Numbers that are not
 * numbers"): the number inputs of lib/schemas/common.ts (not entered), and any other number
 * schema wherever it stands (a bare z.number(), z.bigint() or any z.coerce). Used by the guard
 * (src/server/api/number-inputs.test.ts) and by the bad-input suite, which sends every number it
 * finds the values that only read as numbers.
 */
import { z } from "zod";

import { type NumberInput, numberInputOf } from "~/lib/schemas/common";

/** Where a schema sits inside an input: object keys, and "[]" for an item of an array. */
export type Position = string[];
export type FoundNumber = { at: Position; schema: z.ZodType; input?: NumberInput };

/** What `Number` reads as a number although none was sent: 1, 0, 0, 5, 16, 1000 and 3. */
export const NOT_NUMBERS: readonly unknown[] = [true, "", [], [5], "0x10", "1e3", "3"];

/** `answers[].questionId` */
export const positionLabel = (at: Position) => at.join(".").replaceAll(".[]", "[]");

/** Every number in `schema`, in the order of its keys. */
export function numbersIn(schema: unknown, at: Position = []): FoundNumber[] {
  const input = numberInputOf(schema);
  if (input) return [{ at, schema: schema as z.ZodType, input }];
  if (!(schema instanceof z.ZodType)) return [];
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string; coerce?: boolean };
  if (def.type === "number" || def.type === "bigint" || def.coerce) return [{ at, schema }];
  const item = [...at, "[]"];
  switch (def.type) {
    case "object":
      return [...Object.entries((schema as z.ZodObject).shape).flatMap(([key, child]) => numbersIn(child, [...at, key])), ...numbersIn(def.catchall, at)];
    case "array":
    case "set":
      return numbersIn(def.element ?? def.valueType, item);
    case "tuple":
      return [...(def.items as unknown[]).flatMap((child) => numbersIn(child, item)), ...numbersIn(def.rest, item)];
    case "record":
    case "map":
      return [...numbersIn(def.keyType, at), ...numbersIn(def.valueType, item)];
    case "union":
      return (def.options as unknown[]).flatMap((option) => numbersIn(option, at));
    case "intersection":
      return [...numbersIn(def.left, at), ...numbersIn(def.right, at)];
    case "pipe":
      return [...numbersIn(def.in, at), ...numbersIn(def.out, at)];
    case "lazy":
      return numbersIn((def.getter as () => unknown)(), at);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
    case "promise":
      return numbersIn(def.innerType, at);
    default:
      return [];
  }
}

/** An input holding `value` at `at` ({ answers: [{ questionId: value }] } for `answers[].questionId`), on top of `base`. */
export function placed(at: Position, value: unknown, base: unknown = undefined): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at as [string, ...string[]];
  if (head === "[]") {
    const items: unknown[] = Array.isArray(base) && base.length ? base : [undefined];
    return [placed(rest, value, items[0]), ...items.slice(1)];
  }
  const object = base && typeof base === "object" && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  return { ...object, [head]: placed(rest, value, object[head]) };
}

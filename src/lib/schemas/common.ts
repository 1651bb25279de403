import { z } from "zod";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/** Text from outside (captions, model output) made storable: NUL dropped, lone surrogates replaced. */
export function toStorableText(text: string): string {
  return text.replaceAll("\u0000", "").replace(LONE_SURROGATES, "\uFFFD");
}

/**
 * Text that PostgreSQL can store exactly as sent: no NUL (refused by PostgreSQL) and no lone
 * surrogate halves (silently replaced when encoded as UTF-8, so they would not round-trip).
 */
export const storableText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .refine((value) => !value.includes("\u0000"), `${label} must not contain NUL characters`)
    .refine((value) => !LONE_SURROGATE.test(value), `${label} contains an invalid character`);

/**
 * A whole number sent as a JSON number or, from a REST path or query, as its digits: nothing
 * else converts (JSON `true`, `[7]` or "0x10" is not an id). A pipe rather than z.coerce,
 * because the REST adapter (trpc-to-openapi) switches the number schemas of an input to
 * coercion in place, for tRPC calls too; it leaves pipes alone.
 */
const wholeNumber = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be a number` })
    .transform((value, context) => {
      if (typeof value === "number" || /^\d+$/.test(value)) return Number(value);
      context.addIssue({ code: "invalid_type", expected: "number", input: value, message: `${label} must be a number` });
      return z.NEVER;
    })
    .pipe(z.number().int(`${label} must be a whole number`));

/** What the OpenAPI document shows for a whole number: an integer in range, not the union it is parsed from. */
const integerInDocs =
  (minimum: number, maximum: number) =>
  ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, { type: "integer", minimum, maximum });
  };

/** A positive database id from a path, a query or a JSON body. */
export const idSchema = wholeNumber("id")
  .pipe(z.number().positive("id must be positive").max(2_147_483_647, "id is too large"))
  .meta({ override: integerInDocs(1, 2_147_483_647) });

/** A count from a query or a JSON body, e.g. `?limit=3`. */
export const countSchema = (label: string, min: number, max: number) =>
  wholeNumber(label)
    .pipe(z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`))
    .meta({ override: integerInDocs(min, max) });

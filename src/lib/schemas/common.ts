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

/** A positive database id from a path or query (REST sends them as strings). */
export const idSchema = z.coerce.number({ error: "id must be a number" }).int("id must be a whole number").positive("id must be positive").max(2_147_483_647, "id is too large");

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
 * How a learner's text is laid out: one line (a topic, a name, a title) or several (a note, a
 * chat message, instructions, a card face).
 */
export type TextLayout = "one-line" | "multi-line";

/**
 * Removed wherever they stand: control characters other than the whitespace ones (tab and the
 * line breaks, handled by the layout rules), the bidi embeddings, overrides, isolates and marks
 * (a title holding U+202E displays reversed), and the invisible word glue (zero-width space,
 * word joiner, byte-order mark) that hides a word from search.
 */
const ALWAYS_REMOVED = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060\uFEFF]/g;

/**
 * Scripts in which ZWNJ and ZWJ choose letter forms (Persian "می‌خواهم", Indic conjuncts): there a
 * joiner between two letters or marks of the script is part of the spelling.
 */
const JOINING_SCRIPT =
  "[\\p{scx=Arabic}\\p{scx=Syriac}\\p{scx=Nko}\\p{scx=Mongolian}\\p{scx=Adlam}\\p{scx=Hanifi_Rohingya}\\p{scx=Devanagari}\\p{scx=Bengali}" +
  "\\p{scx=Gurmukhi}\\p{scx=Gujarati}\\p{scx=Oriya}\\p{scx=Tamil}\\p{scx=Telugu}\\p{scx=Kannada}\\p{scx=Malayalam}\\p{scx=Sinhala}" +
  "\\p{scx=Tibetan}\\p{scx=Myanmar}\\p{scx=Khmer}]";
const JOINING_BEFORE = new RegExp(`(?=[\\p{L}\\p{M}])${JOINING_SCRIPT}$`, "u");
const JOINING_AFTER = new RegExp(`^(?=[\\p{L}\\p{M}])${JOINING_SCRIPT}`, "u");
/** An emoji ZWJ sequence: 👩‍💻 is woman, ZWJ, laptop; a skin tone or VS16 may sit before the ZWJ. */
const EMOJI_BEFORE = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/**
 * ZWNJ and ZWJ stay where they shape something: between two letters of a joining script, or (ZWJ
 * only) inside an emoji sequence. Anywhere else (at a word's edge, in Latin text, doubled) they
 * are invisible noise and go. The neighbours are read from the text as it was, so a doubled
 * joiner loses both halves and a second cleaning keeps what the first kept.
 */
function removeStrayJoiners(text: string): string {
  return text.replace(/[\u200C\u200D]/g, (joiner, offset: number) => {
    const before = text.slice(Math.max(0, offset - 2), offset);
    const after = text.slice(offset + 1, offset + 3);
    if (JOINING_BEFORE.test(before) && JOINING_AFTER.test(after)) return joiner;
    if (joiner === "\u200D" && EMOJI_BEFORE.test(before) && EMOJI_AFTER.test(after)) return joiner;
    return "";
  });
}

/** CR LF, CR, VT, FF, NEL and the Unicode line and paragraph separators all end a line. */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * One line of a multi-line text: its indentation kept as typed (code and nested lists in a chat
 * message or a note), the rest with each run of whitespace made one space.
 */
function tidyLine(line: string): string {
  const body = line.trimStart().replace(/\s+/g, " ").trimEnd();
  return body === "" ? "" : line.slice(0, line.length - line.trimStart().length) + body;
}

/**
 * A learner's text as it is stored: without the characters above, with its whitespace tidied for
 * its layout, trimmed, and in Unicode NFC (so the same words compare, search and count the same).
 * Idempotent. NUL and lone surrogates are the schema's to refuse (`storableText`).
 */
export function cleanLearnerText(text: string, layout: TextLayout): string {
  const visible = removeStrayJoiners(text.replace(ALWAYS_REMOVED, "")).replace(LINE_BREAK, "\n");
  const tidy = layout === "one-line" ? visible.replace(/\s+/g, " ") : visible.split("\n").map(tidyLine).join("\n");
  return tidy.trim().normalize("NFC");
}

/**
 * Every text a learner writes (topics, instructions, notes, messages, card faces, names): refused
 * when it cannot be stored, otherwise cleaned by `cleanLearnerText` before the length checks, so a
 * text of invisible characters only meets the field's "required" message. Chain `.min`/`.max`.
 * Not for passwords, codes and tokens, which are compared as typed.
 */
export const learnerText = (label: string, layout: TextLayout) => storableText(label).overwrite((text) => cleanLearnerText(text, layout));

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

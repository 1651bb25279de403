import { z } from "zod";

import { MAX_DATABASE_ID } from "../ids";

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

/** Control characters other than the whitespace ones (tab and the line breaks, handled by the layout rules). */
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;

/**
 * What shows nothing: Unicode's default-ignorable code points (bidi controls, zero-width spaces
 * and joiners, the soft hyphen, variation selectors, TAG characters, Hangul fillers, the
 * invisible operators, the musical and shorthand format controls) and the interlinear
 * annotation characters U+FFF9–U+FFFB. A title holding U+202E displays reversed; a zero-width
 * space hides a word from search; TAG characters spell ASCII nobody sees (hidden text in a
 * model's prompt). The ones that also shape something visible are decided in context (below);
 * every other one goes wherever it stands.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\uFFF9-\uFFFB]/u;
const IN_CONTEXT = /[\u200C\u200D\uFE0E\uFE0F\u115F\u1160\u{E0020}-\u{E007F}]/u;
const ALWAYS_INVISIBLE = new RegExp(`(?!${IN_CONTEXT.source})${INVISIBLE.source}`, "gu");

/**
 * The flags spelt with TAG characters that Unicode recommends (RGI): England, Scotland, Wales.
 * Any other TAG sequence shows as a plain black flag, so its letters would be hidden text.
 */
const TAG_FLAGS = new Set(
  ["gbeng", "gbsct", "gbwls"].map((code) => `\u{1F3F4}${Array.from(code, (c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("")}\u{E007F}`),
);

/** VS15/VS16 choose text or emoji presentation of an emoji (❤ / ❤️); a keycap digit takes them before U+20E3 (1️⃣). */
const TAKES_VARIATION = /^(?!\p{Emoji_Component})\p{Emoji}$/u;
const KEYCAP_BASE = /^[#*0-9]$/;
/** Hangul conjoining jamo: leading consonants (the choseong filler apart), vowels, trailing consonants. */
const CHOSEONG = /^[\u1100-\u115E\uA960-\uA97C]$/;
const JUNGSEONG = /^[\u1161-\u11A7\uD7B0-\uD7C6]$/;
const JONGSEONG = /^[\u11A8-\u11FF\uD7CB-\uD7FB]$/;

/** The code point before `offset` and the one at `offset` (surrogate pairs read whole). */
const pointBefore = (text: string, offset: number) => Array.from(text.slice(Math.max(0, offset - 2), offset)).at(-1) ?? "";
const pointAt = (text: string, offset: number) => String.fromCodePoint(text.codePointAt(offset) ?? 0x20);

/**
 * The invisible characters that shape what stands beside them are kept there, and only there:
 * - a black flag followed by the TAG spelling of one of the RGI flags and the cancel tag (🏴󠁧󠁢󠁳󠁣󠁴󠁿
 *   Scotland); any other TAG character goes (another TAG sequence keeps its visible black flag);
 * - VS15/VS16 right after an emoji that takes them (❤️, ☠️ in 🏴‍☠️, the keycap 1️⃣); elsewhere, or
 *   a second one, they go; the other variation selectors (VS1–VS14, VS17–VS256, the Mongolian
 *   free variation selectors) are removed with the rest above;
 * - the conjoining Hangul fillers inside a syllable of conjoining jamo, where they stand for its
 *   missing leading consonant (U+115F before a vowel) or missing vowel (U+1160 after a leading
 *   consonant, or before a trailing one), so the syllable shows its other jamo. Alone, together
 *   or beside anything else they show nothing and go, like the compatibility fillers U+3164 and
 *   U+FFA0, which have no such role (they are the usual "blank name").
 * Each decision reads neighbours that are never removed, so cleaning is idempotent.
 */
const CONTEXTUAL = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[\uFE0E\uFE0F\u115F\u1160\u{E0000}-\u{E007F}]/gu;

function keepInContext(text: string): string {
  return text.replace(CONTEXTUAL, (found, offset: number) => {
    if (found.length > 2) return TAG_FLAGS.has(found) ? found : "\u{1F3F4}";
    const before = pointBefore(text, offset);
    const after = pointAt(text, offset + found.length);
    switch (found) {
      case "\uFE0E":
      case "\uFE0F":
        return TAKES_VARIATION.test(before) || (KEYCAP_BASE.test(before) && after === "\u20E3") ? found : "";
      case "\u115F":
        return JUNGSEONG.test(after) || (after === "\u1160" && JONGSEONG.test(pointAt(text, offset + 2))) ? found : "";
      case "\u1160":
        return CHOSEONG.test(before) || JONGSEONG.test(after) ? found : "";
      default:
        return ""; // a TAG character outside an RGI flag
    }
  });
}

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

/**
 * Text without what shows nothing: control characters (whitespace apart) and the invisible
 * characters above, except where they shape what is shown (emoji sequences, joining scripts,
 * Hangul syllables). The one function for every text a person or a model may read without
 * seeing all of it: a learner's text (`cleanLearnerText`), and the video's and the learner's
 * text put in a model's prompt. In order: what goes anywhere, then the variation selectors,
 * TAG characters and fillers (their kept neighbours are never removed), then the joiners
 * (which read a VS16 kept before them).
 */
export function withoutInvisibleText(text: string): string {
  return removeStrayJoiners(keepInContext(text.replace(CONTROL, "").replace(ALWAYS_INVISIBLE, "")));
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
  const visible = withoutInvisibleText(text).replace(LINE_BREAK, "\n");
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
 * Where a number input arrives. "json": in a JSON body or a tRPC input, where only a JSON number
 * is a number. "parameter": in a REST path placeholder or query key, where it arrives as text
 * (over tRPC the same key is a JSON number).
 */
type NumberSource = "json" | "parameter";

/** How a number input is checked, and what the learner is told when it fails. */
export type NumberRules = {
  /** What it must be: `${label} must be ${kind}` answers any other type ("a number of seconds"); "a number" unless given. */
  kind?: string;
  min?: number;
  /** "timeSeconds cannot be negative"; `${label} must be at least ${min}` unless given. */
  minMessage?: string;
  max?: number;
  /** `${label} must be at most ${max}` unless given. */
  maxMessage?: string;
  /** A whole number only: `${label} must be a whole number` unless given. */
  wholeMessage?: string;
  /** What the OpenAPI document says of the field. */
  description?: string;
};

/** What a schema made here is, for the checks that every number input of every procedure is one (api/number-inputs.test.ts). */
export type NumberInput = { label: string; whole: boolean; source: NumberSource };
const NUMBER_INPUTS = new WeakMap<object, NumberInput>();

/** The number input `schema` is, or undefined when it was not made by wholeNumberSchema or decimalSchema. */
export function numberInputOf(schema: unknown): NumberInput | undefined {
  return typeof schema === "object" && schema !== null ? NUMBER_INPUTS.get(schema) : undefined;
}

/**
 * The text a path or query may carry for a number: digits, with one decimal point where fractions
 * are allowed and a leading minus where negatives are. No sign otherwise, no hex ("0x10"), no
 * exponent ("1e3"), no spaces, no empty string: what `Number` would read from those is not what
 * was meant.
 */
function numberText(whole: boolean, negative: boolean): RegExp {
  return new RegExp(`^${negative ? "-?" : ""}\\d+${whole ? "" : "(?:\\.\\d+)?"}$`);
}

/** How a number is read before its checks: from a JSON number only, or also from a parameter's text. */
type Reader<Input> = { source: NumberSource; read: (notANumber: string, text: RegExp) => z.ZodType<number, Input> };

const fromJson: Reader<number> = { source: "json", read: (notANumber) => z.number({ error: notANumber }) };

/**
 * Typed as a number or its text; read from any value, so that every other type meets the same
 * "must be a number" issue as in JSON (a union would answer `true` with an issue of its own kind).
 */
const fromParameter: Reader<number | string> = {
  source: "parameter",
  read: (notANumber, text) =>
    z.unknown().transform((value, context) => {
      if (typeof value === "number") return value;
      if (typeof value === "string" && text.test(value)) return Number(value);
      context.addIssue({ code: "invalid_type", expected: "number", input: value, message: notANumber });
      return z.NEVER;
    }) as unknown as z.ZodType<number, number | string>,
};

/**
 * A number input. Never a bare z.number(): trpc-to-openapi's request handler switches the number
 * schemas of an input to coercion in place, for tRPC calls too (the schemas are shared), where
 * `true`, `""`, `[]`, `[5]`, "0x10" or "1e3" would read as 1, 0, 0, 5, 16 or 1000. It leaves a pipe
 * alone, so each number is read by a pipe: a JSON number only, or for a parameter also its text
 * (`numberText`). The OpenAPI document shows the number and its bounds, not the pipe.
 */
function numberInput<Input>(label: string, whole: boolean, rules: NumberRules, reader: Reader<Input>): z.ZodType<number, Input> {
  const notANumber = `${label} must be ${rules.kind ?? "a number"}`;
  let checks = z.number({ error: notANumber });
  if (whole) checks = checks.int(rules.wholeMessage ?? `${label} must be a whole number`);
  if (rules.min !== undefined) checks = checks.min(rules.min, rules.minMessage ?? `${label} must be at least ${rules.min}`);
  if (rules.max !== undefined) checks = checks.max(rules.max, rules.maxMessage ?? `${label} must be at most ${rules.max}`);
  const docs = {
    type: whole ? "integer" : "number",
    ...(rules.min === undefined ? {} : { minimum: rules.min }),
    ...(rules.max === undefined ? {} : { maximum: rules.max }),
    ...(rules.description === undefined ? {} : { description: rules.description }),
  };
  const schema = reader
    .read(notANumber, numberText(whole, rules.min === undefined || rules.min < 0))
    .pipe(checks)
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, docs);
      },
    });
  NUMBER_INPUTS.set(schema, { label, whole, source: reader.source });
  return schema;
}

/** A whole number in a JSON body or a tRPC input: a JSON number, nothing else (not "3", `true` or `[3]`). */
export const wholeNumberSchema = (label: string, rules: NumberRules) => numberInput(label, true, rules, fromJson);

/** A whole number in a REST path placeholder or query key: a JSON number, or its digits as text. */
export const wholeNumberParam = (label: string, rules: NumberRules) => numberInput(label, true, rules, fromParameter);

/**
 * A number that may have a fraction (seconds of a video, a ratio) in a JSON body or a tRPC input:
 * a finite JSON number, nothing else. Every such input is made here.
 */
export const decimalSchema = (label: string, rules: NumberRules) => numberInput(label, false, rules, fromJson);

/** A moment of a video, in seconds from its start; whether it is inside the video is the service's check. */
export const secondsSchema = (label: string, description?: string) =>
  decimalSchema(label, { kind: "a number of seconds", min: 0, minMessage: `${label} cannot be negative`, description });

/** The largest id PostgreSQL's integer columns hold. */
export const MAX_ID = MAX_DATABASE_ID;
const idRules: NumberRules = { min: 1, minMessage: "id must be positive", max: MAX_ID, maxMessage: "id is too large" };

/** A positive database id in a JSON body or a tRPC input (`noteId`, `questionId`, a tRPC-only procedure's `id`). */
export const idSchema = wholeNumberSchema("id", idRules);

/** A positive database id in a REST path placeholder (`/courses/{id}`) or query key (`?userId=`). */
export const idParam = wholeNumberParam("id", idRules);

/** A count in a JSON body or a tRPC input, e.g. the calendar's `weeks`. */
export const countSchema = (label: string, min: number, max: number) => wholeNumberSchema(label, { min, max });

/** A count in a query key, e.g. `?limit=3`. */
export const countParam = (label: string, min: number, max: number) => wholeNumberParam(label, { min, max });

/** `{ id }` of a tRPC-only procedure: a JSON number, never text (no REST path sends it). */
export const jsonIdInput = z.object({ id: idSchema }).strict();

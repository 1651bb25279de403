import fc from "fast-check";
import { describe, expect, test } from "vitest";

import { cleanLearnerText, countSchema, idSchema, learnerText, type TextLayout } from "./common";

describe("idSchema", () => {
  test("takes a positive whole number, as a JSON number or as the digits a path or query sends", () => {
    expect(idSchema.parse(7)).toBe(7);
    expect(idSchema.parse("7")).toBe(7);
    expect(idSchema.parse("2147483647")).toBe(2_147_483_647);
  });

  test("converts nothing else: booleans, arrays, hex, exponents, signs and fractions are refused", () => {
    for (const value of [
      true,
      false,
      [7],
      ["7"],
      null,
      {},
      "0x10",
      "1e3",
      "-1",
      "+1",
      " 7",
      "7.0",
      "",
      1.5,
      0,
      -1,
      "0",
      "2147483648",
      2_147_483_648,
      Number.NaN,
      Infinity,
    ]) {
      expect(idSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe("countSchema", () => {
  test("a whole number within its range, from JSON or a query string", () => {
    const limit = countSchema("limit", 1, 12);
    expect(limit.parse("3")).toBe(3);
    expect(limit.parse(12)).toBe(12);
    expect(limit.safeParse(13).error?.issues[0]?.message).toBe("limit must be at most 12");
    expect(limit.safeParse(true).error?.issues[0]?.message).toBe("limit must be a number");
  });
});

describe("cleanLearnerText", () => {
  const LAYOUTS: TextLayout[] = ["one-line", "multi-line"];

  test("composes to NFC: a decomposed é and Å become the precomposed letters", () => {
    expect(cleanLearnerText("cafe\u0301 A\u030A", "one-line")).toBe("café Å");
    // Characters removed between a letter and its accent no longer keep them apart.
    expect(cleanLearnerText("e\u200B\u0301", "one-line")).toBe("é");
    // Compatibility forms are not folded: NFC, not NFKC.
    expect(cleanLearnerText("ﬀ Ｆｕｌｌ ²", "one-line")).toBe("ﬀ Ｆｕｌｌ ²");
  });

  test.each([
    ["right-to-left override", "\u202E"],
    ["left-to-right override", "\u202D"],
    ["left-to-right embedding", "\u202A"],
    ["right-to-left embedding", "\u202B"],
    ["pop directional formatting", "\u202C"],
    ["left-to-right isolate", "\u2066"],
    ["right-to-left isolate", "\u2067"],
    ["first strong isolate", "\u2068"],
    ["pop directional isolate", "\u2069"],
    ["left-to-right mark", "\u200E"],
    ["right-to-left mark", "\u200F"],
    ["Arabic letter mark", "\u061C"],
    ["zero-width space", "\u200B"],
    ["word joiner", "\u2060"],
    ["byte-order mark", "\uFEFF"],
    ["zero-width non-joiner in Latin text", "\u200C"],
    ["zero-width joiner in Latin text", "\u200D"],
    ["SOH", "\u0001"],
    ["BEL", "\u0007"],
    ["backspace", "\u0008"],
    ["ESC", "\u001B"],
    ["DEL", "\u007F"],
    ["a C1 control", "\u009B"],
  ])("removes the %s in both layouts, inside a word and at its edges", (_name, char) => {
    for (const layout of LAYOUTS) {
      expect(cleanLearnerText(`foo${char}bar`, layout), layout).toBe("foobar");
      expect(cleanLearnerText(`${char}foo bar${char}`, layout), layout).toBe("foo bar");
      expect(cleanLearnerText(`foo ${char} bar`, layout), layout).toBe("foo bar");
    }
  });

  test("the spoofed title of the report: an override and a zero-width space", () => {
    expect(cleanLearnerText("\u202Efoo\u200Bbar", "one-line")).toBe("foobar");
    expect(cleanLearnerText("\u202Eevil override\u202C and \u2066isolate\u2069 \u200Fmark", "one-line")).toBe("evil override and isolate mark");
  });

  test("emoji ZWJ sequences survive whole: family, professions, skin tones, flags, hair", () => {
    for (const emoji of ["👩‍👩‍👧‍👦", "👩‍💻", "🧑🏽‍💻", "🏳️‍🌈", "🏴‍☠️", "❤️‍🔥", "🐻‍❄️", "👩‍❤️‍💋‍👨", "👩‍🦰", "👁️‍🗨️"]) {
      expect(emoji, emoji).toContain("\u200D");
      for (const layout of LAYOUTS) expect(cleanLearnerText(`team ${emoji} rocks`, layout), `${emoji} ${layout}`).toBe(`team ${emoji} rocks`);
    }
    // A ZWJ glued to an emoji's edge joins nothing.
    expect(cleanLearnerText("👍\u200D ok", "one-line")).toBe("👍 ok");
    expect(cleanLearnerText("ok\u200D👍", "one-line")).toBe("ok👍");
  });

  test("joiners that spell a word survive: Persian ZWNJ, Devanagari and Sinhala ZWJ/ZWNJ", () => {
    const persian = "می\u200Cخواهم"; // "I want": the ZWNJ keeps می from joining خواهم
    const kurdish = "نامە\u200Cکان";
    const devanagariHalfForm = "क्\u200Dष"; // explicit half form
    const devanagariNoConjunct = "क्\u200Cष"; // visible virama
    const sinhalaYansaya = "ශ්\u200Dය";
    for (const word of [persian, kurdish, devanagariHalfForm, devanagariNoConjunct, sinhalaYansaya]) {
      for (const layout of LAYOUTS) expect(cleanLearnerText(`  ${word} `, layout), `${word} ${layout}`).toBe(word);
    }
  });

  test("joiners at a word's edge, doubled, or between scripts that do not join are removed", () => {
    expect(cleanLearnerText("\u200Cمی خواهم\u200C", "one-line")).toBe("می خواهم");
    expect(cleanLearnerText("می \u200Cخواهم", "one-line")).toBe("می خواهم");
    expect(cleanLearnerText("می\u200C\u200Cخواهم", "one-line")).toBe("میخواهم");
    expect(cleanLearnerText("می\u200Cabc", "one-line")).toBe("میabc");
    expect(cleanLearnerText("Auf\u200Clage", "one-line")).toBe("Auflage");
    // A bidi mark between the joiner and its letter is removed first: the joiner then touches the letter.
    expect(cleanLearnerText("می\u200F\u200Cخواهم", "one-line")).toBe("می\u200Cخواهم");
  });

  test("one line: every run of whitespace (tabs, line breaks, no-break and ideographic spaces) is one space; trimmed", () => {
    expect(cleanLearnerText("  binary\t\tsearch \n in\r\nC\u00A0\u00A0 and\u3000Go \u2028x\u0085y ", "one-line")).toBe("binary search in C and Go x y");
    expect(cleanLearnerText("a\u000Bb\u000Cc", "one-line")).toBe("a b c");
  });

  test("several lines: line breaks are kept (CRLF, CR and the Unicode separators become LF), runs of spaces become one, lines and the text are trimmed", () => {
    expect(cleanLearnerText("\n\n  first   line  \r\nsecond\t \tline\rthird\u2028fourth\u2029fifth\u0085sixth\n\n", "multi-line")).toBe(
      "first line\nsecond line\nthird\nfourth\nfifth\nsixth",
    );
    // Blank lines stay (paragraphs); a line of spaces only becomes empty.
    expect(cleanLearnerText("one\n\n   \ntwo", "multi-line")).toBe("one\n\n\ntwo");
  });

  test("several lines: each line's indentation is kept (code, nested lists)", () => {
    const code = "Why does this fail?\n\ndef f(x):\n    return  x\n\tpass\n- item\n  - nested   item";
    expect(cleanLearnerText(code, "multi-line")).toBe("Why does this fail?\n\ndef f(x):\n    return x\n\tpass\n- item\n  - nested item");
  });

  test("text of invisible characters only becomes empty", () => {
    for (const layout of LAYOUTS) expect(cleanLearnerText("\u200B\u202E\u2066\uFEFF\u200D \u200C\n\t\u0007", layout), layout).toBe("");
  });

  test("HTML, quotes and ordinary punctuation are left as they are (escaping is the renderer's job)", () => {
    const text = "<script>alert('x')</script> & \"quotes\" 100% _x_ \\";
    for (const layout of LAYOUTS) expect(cleanLearnerText(text, layout), layout).toBe(text);
  });

  test("idempotent: cleaning a cleaned text changes nothing", () => {
    const samples = [
      "\u202Efoo\u200Bbar",
      "  e\u0301\u200B\u0301 \u2000 x ",
      "می\u200C\u200Cخواهم \u200Cمی\u200Cخواهم",
      "👩‍👩‍👧‍👦\u200D\u200D👍",
      "a\r\n\r\n  b  \u2000c\n\u2003\u2000indented  line \n\u0085",
      "\u0000 nul \uD800 lone",
      "क्\u200D\u200Cष \u0915\u094D\u200D",
    ];
    for (const layout of LAYOUTS) {
      for (const text of samples) {
        const once = cleanLearnerText(text, layout);
        expect(cleanLearnerText(once, layout), `${JSON.stringify(text)} ${layout}`).toBe(once);
      }
    }
  });

  test("property: for any text, the result is NFC, free of the removed classes, trimmed, and cleaning it again changes nothing", () => {
    const invisible = fc.constantFrom(
      "\u202E",
      "\u2066",
      "\u200B",
      "\u200C",
      "\u200D",
      "\uFEFF",
      "\u0007",
      "\u0301",
      " ",
      "\n",
      "\t",
      "\u00A0",
      "👩",
      "می",
      "क्",
    );
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.array(fc.oneof(invisible, fc.string({ maxLength: 3 })), { maxLength: 20 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(text, fc.constantFrom<TextLayout>(...LAYOUTS), (input, layout) => {
        const once = cleanLearnerText(input, layout);
        expect(cleanLearnerText(once, layout)).toBe(once);
        expect(once.normalize("NFC")).toBe(once);
        expect(once.trim()).toBe(once);
        expect(once).not.toMatch(/[\u0001-\u0008\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060\uFEFF]/);
        if (layout === "one-line") expect(once).not.toMatch(/\s\s|[^\S ]/);
      }),
      { seed: 20_260_522, numRuns: 200 },
    );
  });
});

describe("learnerText", () => {
  const topic = learnerText("Topic", "one-line").min(3, "Please enter at least 3 characters for your topic").max(10, "Too long");
  const note = learnerText("Note", "multi-line").min(1, "The note is empty");
  const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

  test("parses to the cleaned text", () => {
    expect(topic.parse(" \u202Efoo\u200Bbar ")).toBe("foobar");
    expect(note.parse("line\u200B one\r\nline   two")).toBe("line one\nline two");
  });

  test("lengths are checked after cleaning: invisible padding does not count, and an invisible-only text is 'required'", () => {
    expect(topic.parse(`${"\u200B".repeat(50)}0123456789${"\u202E".repeat(50)}`)).toBe("0123456789");
    expect(messages(topic.safeParse("a\u200Bb\u200B"))).toEqual(["Please enter at least 3 characters for your topic"]);
    expect(messages(note.safeParse("\u200B\u202E \n\uFEFF"))).toEqual(["The note is empty"]);
  });

  test("NUL and lone surrogates are still refused, with their own message first", () => {
    expect(messages(topic.safeParse("binary\u0000search"))[0]).toBe("Topic must not contain NUL characters");
    expect(messages(note.safeParse("half \uD83D emoji"))[0]).toBe("Note contains an invalid character");
    expect(messages(topic.safeParse(42))).toEqual(["Topic must be text"]);
  });
});

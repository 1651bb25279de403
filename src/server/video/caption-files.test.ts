import { describe, expect, test } from "vitest";

import { CaptionFileError, parseCaptionFile, parseSrt, parseWebVtt } from "./caption-files";

describe("parseSrt", () => {
  test("reads numbered cues with multi-line text", () => {
    const srt = "1\n00:00:01,000 --> 00:00:04,500\nHello there,\nsecond line\n\n2\n00:00:05,000 --> 00:00:07,250\nGoodbye.\n";
    expect(parseSrt(srt)).toEqual([
      { text: "Hello there, second line", startMs: 1000, durationMs: 3500 },
      { text: "Goodbye.", startMs: 5000, durationMs: 2250 },
    ]);
  });

  test("handles a BOM, CRLF line ends and trailing spaces on blank lines", () => {
    const srt = "\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nOne\r\n   \r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nTwo\r\n";
    expect(parseSrt(srt).map((cue) => cue.text)).toEqual(["One", "Two"]);
  });

  test("hours, '.' for ',' and missing cue numbers", () => {
    const srt = "01:02:03.250 --> 01:02:05.000\nLate in the video\n\n00:00:00,5 --> 00:00:01,000\nShort fraction";
    expect(parseSrt(srt)).toEqual([
      { text: "Late in the video", startMs: 3_723_250, durationMs: 1750 },
      { text: "Short fraction", startMs: 500, durationMs: 500 },
    ]);
  });

  test("ignores positioning after the times and strips markup", () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000 X1:100 X2:500 Y1:10 Y2:50\n{\\an8}<i>Styled</i> <font color="red">text</font>\n';
    expect(parseSrt(srt)).toEqual([{ text: "Styled text", startMs: 1000, durationMs: 1000 }]);
  });

  test("keeps entities for the normaliser and keeps text that only looks like markup", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,000\nQ&amp;A: is a < b?\n";
    expect(parseSrt(srt)[0]?.text).toBe("Q&amp;A: is a < b?");
  });

  test("a blank line inside a cue's text does not lose the rest", () => {
    const srt = "1\n00:00:01,000 --> 00:00:03,000\nFirst part\n\nstill the first cue\n\n2\n00:00:04,000 --> 00:00:05,000\nSecond";
    expect(parseSrt(srt).map((cue) => cue.text)).toEqual(["First part still the first cue", "Second"]);
  });

  test("a cue whose text is a number is text, not an index", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,000\n42\n\n2\n00:00:02,000 --> 00:00:03,000\nis the answer";
    expect(parseSrt(srt).map((cue) => cue.text)).toEqual(["42", "is the answer"]);
  });

  test("an end before the start gives a zero duration; impossible times skip the cue", () => {
    const srt = "1\n00:00:05,000 --> 00:00:04,000\nBackwards\n\n2\n00:00:61,000 --> 00:00:62,000\nBad seconds\n\n3\n00:00:07,000 --> 00:00:08,000\nFine";
    expect(parseSrt(srt)).toEqual([
      { text: "Backwards", startMs: 5000, durationMs: 0 },
      { text: "Fine", startMs: 7000, durationMs: 1000 },
    ]);
  });

  test.each([[""], ["\uFEFF"], ["just some text\nwith no times"], ["1\n00:00:01 --> 00:00:02\nno milliseconds"]])(
    "throws for a file with no cue: %j",
    (content) => {
      expect(() => parseSrt(content)).toThrow(CaptionFileError);
    },
  );
});

describe("parseWebVtt", () => {
  test("reads the header, identifiers, settings and both time forms", () => {
    const vtt = [
      "WEBVTT - a title",
      "Kind: captions",
      "Language: en",
      "",
      "intro",
      "00:01.000 --> 00:04.000 align:start position:10%",
      "Short form",
      "",
      "00:00:05.500 --> 00:00:07.000 line:85%",
      "Long form",
      "",
      "101:00:00.000 --> 101:00:01.000",
      "Past a hundred hours",
    ].join("\n");
    expect(parseWebVtt(vtt)).toEqual([
      { text: "Short form", startMs: 1000, durationMs: 3000 },
      { text: "Long form", startMs: 5500, durationMs: 1500 },
      { text: "Past a hundred hours", startMs: 363_600_000, durationMs: 1000 },
    ]);
  });

  test("skips NOTE, STYLE and REGION blocks wherever they are", () => {
    const vtt = [
      "WEBVTT",
      "",
      "NOTE a comment",
      "00:00:01.000 --> 00:00:02.000",
      "inside the note",
      "",
      "STYLE",
      "::cue { color: lime }",
      "",
      "REGION",
      "id:fred width:40%",
      "",
      "00:00:03.000 --> 00:00:04.000",
      "Spoken",
      "",
      "NOTE",
      "trailing comment",
    ].join("\n");
    expect(parseWebVtt(vtt).map((cue) => cue.text)).toEqual(["Spoken"]);
  });

  test("strips voice, class, language, ruby and karaoke timestamp tags", () => {
    const vtt = [
      "WEBVTT",
      "",
      "00:00:01.000 --> 00:00:03.000",
      "<v Roger Bingham>We are in</v> <c.yellow.bg_blue>New York</c>",
      "<lang en-GB>City</lang> <ruby>漢<rt>kan</rt></ruby> <00:00:02.000><c>now</c>",
    ].join("\n");
    expect(parseWebVtt(vtt)[0]?.text).toBe("We are in New York City 漢kan now");
  });

  test("accepts a BOM and CRLF", () => {
    expect(parseWebVtt("\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n")).toEqual([{ text: "Hi", startMs: 1000, durationMs: 1000 }]);
  });

  test("a cue right after the header line (no blank line) is still read", () => {
    expect(parseWebVtt("WEBVTT\n00:01.000 --> 00:02.000\nHi")).toEqual([{ text: "Hi", startMs: 1000, durationMs: 1000 }]);
  });

  test.each([
    ["", "empty"],
    ["00:01.000 --> 00:02.000\nHi", "no header"],
    ["WEBVTTX\n\n00:01.000 --> 00:02.000\nHi", "a malformed header"],
    ["1\n00:00:01,000 --> 00:00:02,000\nan SRT file", "an SRT file"],
    ["WEBVTT\n\nNOTE nothing but a comment", "no cue"],
  ])("throws for %s", (content) => {
    expect(() => parseWebVtt(content)).toThrow(CaptionFileError);
  });
});

describe("parseCaptionFile", () => {
  test("dispatches on the format", () => {
    expect(parseCaptionFile("srt", "1\n00:00:01,000 --> 00:00:02,000\nA")).toHaveLength(1);
    expect(parseCaptionFile("vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nA")).toHaveLength(1);
  });
});

import { describe, expect, test } from "vitest";

import { formatTimestamp } from "~/lib/timestamps";

import { describeChange, parseMoment } from "./edit-words";

describe("describeChange", () => {
  test("says what each kind of version changed", () => {
    expect(describeChange({ kind: "generated" }, formatTimestamp)).toBe("The course as it was generated");
    expect(describeChange({ kind: "course", fields: ["title"] }, formatTimestamp)).toBe("Renamed the course");
    expect(describeChange({ kind: "course", fields: ["title", "description"] }, formatTimestamp)).toBe("Renamed the course and changed its description");
    expect(describeChange({ kind: "section", sectionId: 1, title: "Loops", fields: ["title", "content", "timeStart"] }, formatTimestamp)).toBe(
      "Renamed, rewrote and moved the start of “Loops”",
    );
    expect(describeChange({ kind: "section", sectionId: 1, title: "Loops", fields: ["timeStart"] }, formatTimestamp)).toBe("Moved the start of “Loops”");
    expect(describeChange({ kind: "split", sectionId: 1, newSectionId: 2, title: "Loops", atSeconds: 125 }, formatTimestamp)).toBe("Split “Loops” at 2:05");
    expect(describeChange({ kind: "restore", from: 3 }, formatTimestamp)).toBe("Restored version 3");
  });
});

describe("parseMoment", () => {
  test("reads m:ss, h:mm:ss and plain seconds", () => {
    expect(parseMoment("3:05")).toBe(185);
    expect(parseMoment(" 1:02:03 ")).toBe(3723);
    expect(parseMoment("75")).toBe(75);
    expect(parseMoment("12:00")).toBe(720);
  });

  test("refuses anything else", () => {
    for (const text of ["", "3:5", "3:60", "1:60:00", "-5", "1e3", "a:bc", "3.5", "3:05:"]) expect(parseMoment(text)).toBeNull();
  });
});

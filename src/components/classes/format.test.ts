import { describe, expect, it } from "vitest";

import { dueText, endOfLocalDay, inviteCodeFrom, isOverdue, localDay, parseCourseReference, quizText, sectionsText } from "./format";

/** A moment in the browser's own time zone, as the pages see it. */
const at = (year: number, month: number, day: number, hour = 12, minute = 0) => new Date(year, month - 1, day, hour, minute).getTime();
const iso = (time: number) => new Date(time).toISOString();

describe("dueText", () => {
  const now = at(2026, 3, 10, 12);

  it("counts calendar days ahead", () => {
    expect(dueText(iso(at(2026, 3, 13, 23, 59)), now)).toEqual({ text: "due in 3 days", state: "upcoming" });
    expect(dueText(iso(at(2026, 3, 11, 1)), now)).toEqual({ text: "due tomorrow", state: "upcoming" });
    expect(dueText(iso(at(2026, 3, 10, 23, 59)), now)).toEqual({ text: "due today", state: "today" });
  });

  it("says overdue once the moment has passed, by how many days after the first", () => {
    expect(dueText(iso(at(2026, 3, 10, 9)), now)).toEqual({ text: "overdue", state: "overdue" });
    expect(dueText(iso(at(2026, 3, 9, 23)), now)).toEqual({ text: "overdue by 1 day", state: "overdue" });
    expect(dueText(iso(at(2026, 3, 8, 23)), now)).toEqual({ text: "overdue by 2 days", state: "overdue" });
  });

  it("is never overdue once done", () => {
    expect(dueText(iso(at(2026, 3, 8, 23)), now, true)).toEqual({ text: "was due 2 days ago", state: "done" });
    expect(dueText(iso(at(2026, 3, 13)), now, true).state).toBe("done");
    expect(dueText(null, now, true).state).toBe("done");
  });

  it("has no due date to speak of when none was set", () => {
    expect(dueText(null, now)).toEqual({ text: "no due date", state: "none" });
  });
});

describe("isOverdue", () => {
  const now = at(2026, 3, 10);
  it("is past the due date and not completed", () => {
    expect(isOverdue(iso(at(2026, 3, 9)), null, now)).toBe(true);
    expect(isOverdue(iso(at(2026, 3, 9)), iso(at(2026, 3, 8)), now)).toBe(false);
    expect(isOverdue(iso(at(2026, 3, 11)), null, now)).toBe(false);
    expect(isOverdue(null, null, now)).toBe(false);
  });
});

describe("endOfLocalDay and localDay", () => {
  it("is the picked day's last millisecond in the browser's time zone", () => {
    expect(new Date(endOfLocalDay("2026-12-24")!).getTime()).toBe(new Date(2026, 11, 24, 23, 59, 59, 999).getTime());
    expect(endOfLocalDay("")).toBeNull();
    expect(endOfLocalDay("24/12/2026")).toBeNull();
  });

  it("writes a day as a date input does", () => {
    expect(localDay(at(2026, 1, 5))).toBe("2026-01-05");
  });
});

describe("parseCourseReference", () => {
  it("takes an id or a course's address", () => {
    expect(parseCourseReference(" 42 ")).toBe(42);
    expect(parseCourseReference("https://example.com/course/42")).toBe(42);
    expect(parseCourseReference("http://localhost:3000/course/7?t=30")).toBe(7);
    expect(parseCourseReference("/course/9/chat")).toBe(9);
  });

  it("refuses anything else", () => {
    expect(parseCourseReference("")).toBeNull();
    expect(parseCourseReference("0")).toBeNull();
    expect(parseCourseReference("abc")).toBeNull();
    expect(parseCourseReference("https://example.com/courses/42")).toBeNull();
    expect(parseCourseReference("99999999999")).toBeNull();
  });
});

describe("inviteCodeFrom", () => {
  it("takes the code out of a pasted link, or the code as typed", () => {
    expect(inviteCodeFrom("https://example.com/join/AbC-123_x")).toBe("AbC-123_x");
    expect(inviteCodeFrom(" AbC-123_x ")).toBe("AbC-123_x");
    expect(inviteCodeFrom("/join/abc?ref=mail")).toBe("abc");
  });
});

describe("progress texts", () => {
  it("reads as words", () => {
    expect(sectionsText(3, 10)).toBe("3 of 10 sections");
    expect(sectionsText(0, 1)).toBe("0 of 1 section");
    expect(quizText(null)).toBeNull();
    expect(quizText(66.6)).toBe("67%");
  });
});

import { describe, expect, it } from "vitest";

import { checkAssignment } from "./assign-check";
import { endOfLocalDay } from "./format";
import { ASSIGNMENT_NOTE_MAX_LENGTH } from "~/lib/rules/classes";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("checkAssignment", () => {
  it("takes the course picked in the list", () => {
    expect(checkAssignment(form({ course: "12", courseRef: "", dueDay: "", note: "" }))).toEqual({ errors: {}, courseId: 12, dueAt: null, note: "" });
  });

  it("prefers a pasted link or number to the picked course", () => {
    expect(checkAssignment(form({ course: "12", courseRef: " https://example.com/course/42 " })).courseId).toBe(42);
    expect(checkAssignment(form({ courseRef: "7" })).courseId).toBe(7);
  });

  it("asks for a course when there is none, or a link it can read", () => {
    expect(checkAssignment(form({})).errors).toEqual({ course: "Choose one of your courses, or paste a public course's link" });
    const unreadable = checkAssignment(form({ course: "12", courseRef: "not a link" }));
    expect(unreadable.courseId).toBeNull();
    expect(unreadable.errors.course).toBe("Paste a course's link (…/course/42) or type its number");
  });

  it("turns the due day into the end of that day, and refuses a day it cannot read", () => {
    expect(checkAssignment(form({ course: "1", dueDay: "2026-12-24" })).dueAt).toBe(endOfLocalDay("2026-12-24"));
    const bad = checkAssignment(form({ course: "1", dueDay: "24/12/2026" }));
    expect(bad.dueAt).toBeNull();
    expect(bad.errors.dueAt).toBe("Pick a day such as 2026-12-24");
  });

  it("trims the note and refuses one that is too long", () => {
    expect(checkAssignment(form({ course: "1", note: "  Before Thursday  " })).note).toBe("Before Thursday");
    const long = checkAssignment(form({ course: "1", note: "x".repeat(ASSIGNMENT_NOTE_MAX_LENGTH + 1) }));
    expect(long.errors.note).toMatch(/^A note can be at most /);
  });
});

import { describe, expect, test } from "vitest";

import { draftFromLine, draftFromNote } from "./card-draft";

describe("'Make a card' drafts", () => {
  test("a note is the question and its quoted line the answer, at the note's moment", () => {
    expect(draftFromNote({ id: 7, text: "Why halve the range?", quote: "Each step halves what is left.", timeSeconds: 83.5 })).toEqual({
      source: "note",
      noteId: 7,
      front: "Why halve the range?",
      back: "Each step halves what is left.",
      timeSeconds: 83.5,
    });
  });

  test("a note without a quote leaves the answer to the learner", () => {
    expect(draftFromNote({ id: 1, text: "Pivot", quote: null, timeSeconds: 0 })).toMatchObject({ back: "" });
  });

  test("a transcript line is the answer, with no note and the question left blank", () => {
    const draft = draftFromLine({ text: "The middle element is the pivot.", start: 12 });
    expect(draft).toEqual({ source: "transcript", front: "", back: "The middle element is the pivot.", timeSeconds: 12 });
    expect(draft).not.toHaveProperty("noteId");
  });
});

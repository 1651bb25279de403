import { describe, expect, test } from "vitest";

import { canSplitAt, compareOutlines, mergeContents, moveStartProblem, type OutlineView, sectionSpans, splitContent } from "./course-editing";
import { layoutSectionContent } from "./section-content";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

const oneVideo = [{ offsetSeconds: 0, durationSeconds: 600 }];
const playlist = [
  { offsetSeconds: 0, durationSeconds: 120 },
  { offsetSeconds: 120, durationSeconds: 100 },
];

describe("sectionSpans", () => {
  test("a stored end wins; a missing one is the next start in the same video, else the video's end", () => {
    const spans = sectionSpans(
      [
        { id: 1, timeStart: 0, timeEnd: 50 },
        { id: 2, timeStart: 60, timeEnd: null },
        { id: 3, timeStart: 90, timeEnd: null },
        { id: 4, timeStart: 130, timeEnd: null },
      ],
      playlist,
    );
    expect(spans).toEqual([
      { id: 1, start: 0, end: 50, video: 0 },
      { id: 2, start: 60, end: 90, video: 0 },
      { id: 3, start: 90, end: 120, video: 0 },
      { id: 4, start: 130, end: 220, video: 1 },
    ]);
  });
});

describe("moveStartProblem", () => {
  const spans = sectionSpans(
    [
      { id: 1, timeStart: 0, timeEnd: 60 },
      { id: 2, timeStart: 60, timeEnd: 120 },
      { id: 3, timeStart: 120, timeEnd: 220 },
    ],
    playlist,
  );

  test("the previous section of the same video keeps 15 s, and so does the section itself", () => {
    expect(moveStartProblem(spans, 1, 15, playlist)).toBeNull();
    expect(moveStartProblem(spans, 1, 14, playlist)).toBe(EDIT_MESSAGES.tooShort);
    expect(moveStartProblem(spans, 1, 106, playlist)).toBe(EDIT_MESSAGES.tooShort);
    expect(moveStartProblem(spans, 1, 105, playlist)).toBeNull();
  });

  test("a start stays in its own video, where the previous section of another video does not limit it", () => {
    expect(moveStartProblem(spans, 2, 119, playlist)).toBe(EDIT_MESSAGES.ownVideo);
    expect(moveStartProblem(spans, 2, 121, playlist)).toBeNull();
    expect(moveStartProblem(spans, 0, 601, oneVideo.concat())).toBe(EDIT_MESSAGES.ownVideo);
  });
});

test("canSplitAt leaves 15 s on each side", () => {
  expect(canSplitAt({ start: 0, end: 60 }, 15)).toBe(true);
  expect(canSplitAt({ start: 0, end: 60 }, 45)).toBe(true);
  expect(canSplitAt({ start: 0, end: 60 }, 14)).toBe(false);
  expect(canSplitAt({ start: 0, end: 60 }, 46)).toBe(false);
});

describe("splitContent and mergeContents", () => {
  const laidOut = layoutSectionContent(
    [
      { seconds: 5, text: "First point." },
      { seconds: 40, text: "Second point." },
      { seconds: 70, text: "Third point." },
    ],
    ["One sentence here. Another sentence there.", "A second paragraph. With two sentences."],
  );

  test("key points go by their times and the transcript by its share; merging the halves gives the section back", () => {
    const [first, second] = splitContent(laidOut, { start: 0, at: 40, end: 80 });
    expect(first).toContain("[0:05] First point.");
    expect(first).not.toContain("Second point");
    expect(second).toContain("[0:40] Second point.");
    expect(second).toContain("[1:10] Third point.");
    expect(first).toContain("Transcript");
    expect(mergeContents(first, second)).toBe(laidOut);
  });

  test("any other text splits between sentences and keeps something on each side", () => {
    const [first, second] = splitContent("Alpha beta. Gamma delta.\n\nEpsilon zeta.", { start: 0, at: 10, end: 100 });
    expect(first).toBe("Alpha beta.");
    expect(second).toBe("Gamma delta.\n\nEpsilon zeta.");
    expect(splitContent("Only one sentence", { start: 0, at: 50, end: 100 })).toEqual(["Only one sentence", ""]);
    expect(mergeContents("**A** text", "Another")).toBe("**A** text\n\nAnother");
  });
});

describe("compareOutlines", () => {
  const section = (id: number, title: string, timeStart: number, timeEnd: number, content = "c") => ({ id, title, content, timeStart, timeEnd });
  const before: OutlineView = {
    title: "Course",
    description: null,
    chapters: [{ id: 1, title: "One", sections: [section(10, "A", 0, 60), section(11, "B", 60, 120)] }],
  };

  test("names every change: titles, added and removed sections, moved times, rewritten content", () => {
    const after: OutlineView = {
      title: "Course 2",
      description: "Now described",
      chapters: [{ id: 1, title: "Uno", sections: [section(10, "A", 0, 40, "changed"), section(12, "A (continued)", 40, 60), section(11, "Bee", 60, 120)] }],
    };
    expect(compareOutlines(before, after)).toEqual([
      { kind: "courseTitle", before: "Course", after: "Course 2" },
      { kind: "courseDescription", before: null, after: "Now described" },
      { kind: "chapterTitle", chapterId: 1, before: "One", after: "Uno" },
      { kind: "sectionChanged", sectionId: 10, sectionTitle: "A", title: null, time: { before: [0, 60], after: [0, 40] }, contentChanged: true },
      { kind: "sectionAdded", section: section(12, "A (continued)", 40, 60) },
      { kind: "sectionChanged", sectionId: 11, sectionTitle: "Bee", title: { before: "B", after: "Bee" }, time: null, contentChanged: false },
    ]);
    expect(compareOutlines(after, before).filter((d) => d.kind === "sectionRemoved")).toHaveLength(1);
    expect(compareOutlines(before, before)).toEqual([]);
  });
});

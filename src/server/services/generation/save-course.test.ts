import { describe, expect, it } from "vitest";

import type { CourseOutline } from "~/server/ai/structure/types";

import { timeOutline } from "./save-course";

const segments = [0, 30, 60].map((s, index) => ({ index, startMs: s * 1000, endMs: s * 1000 + 25_000, text: `Line ${index}` }));

describe("timeOutline", () => {
  it("cleans titles from outside like learner text: no bidi override, no zero-width space, one line", () => {
    const outline: CourseOutline = {
      title: "Course",
      description: "About it.",
      chapters: [
        {
          title: "\u202Egnirts\u202C Basics",
          summary: null,
          sections: [
            { title: "Hash\u200Btables  and\nbuckets", content: "Text.", startSegment: 0 },
            { title: "Chains", content: "Text.", startSegment: 2 },
          ],
        },
      ],
    };
    const [chapter] = timeOutline(outline, { segments, durationSeconds: 90 });
    expect(chapter!.title).toBe("gnirts Basics");
    expect(chapter!.sections.map((s) => s.title)).toEqual(["Hashtables and buckets", "Chains"]);
    expect(chapter!.sections.map((s) => [s.timeStart, s.timeEnd])).toEqual([
      [0, 60],
      [60, 90],
    ]);
  });
});

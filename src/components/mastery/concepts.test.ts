import { describe, expect, it } from "vitest";

import {
  conceptMomentLabel,
  conceptsForMap,
  masteryBand,
  masteryText,
  momentHref,
  parseConceptParam,
  sortConcepts,
  STRONG_FROM,
  timelinesByCourse,
  weakestFirst,
  type MasteryConcept,
} from "./concepts";

function concept(id: number, mastery: number, evidenceCount: number, label = `Concept ${id}`, courses = 1): MasteryConcept {
  return {
    id,
    label,
    language: "en",
    mastery,
    evidenceCount,
    lastEvidenceAt: evidenceCount > 0 ? "2025-01-01T00:00:00.000Z" : null,
    courses: Array.from({ length: courses }, (_, i) => ({ courseId: i + 1, title: `Course ${i + 1}`, moments: [] })),
  };
}

describe("masteryBand", () => {
  it("calls a concept without evidence not assessed, whatever its prior", () => {
    expect(masteryBand({ mastery: 0.3, evidenceCount: 0 })).toBe("unassessed");
    expect(masteryText({ mastery: 0.3, evidenceCount: 0 })).toBe("not assessed yet");
  });

  it("bands measured mastery: weak below 40%, strong from 70%", () => {
    expect(masteryBand({ mastery: 0.39, evidenceCount: 1 })).toBe("weak");
    expect(masteryBand({ mastery: 0.4, evidenceCount: 1 })).toBe("learning");
    expect(masteryBand({ mastery: 0.7, evidenceCount: 3 })).toBe("strong");
    expect(masteryText({ mastery: 0.456, evidenceCount: 2 })).toBe("46%, learning");
  });
});

describe("weakestFirst", () => {
  it("keeps concepts with at least two pieces of evidence, least mastery first, at most ten", () => {
    const concepts = [
      concept(1, 0.1, 1),
      concept(2, 0.5, 2),
      concept(3, 0.2, 5),
      concept(4, 0.3, 0),
      ...Array.from({ length: 12 }, (_, i) => concept(10 + i, 0.6, 3)),
    ];
    const weakest = weakestFirst(concepts);
    expect(weakest.map((c) => c.id).slice(0, 2)).toEqual([3, 2]);
    expect(weakest).toHaveLength(10);
    expect(weakest.some((c) => c.id === 1 || c.id === 4)).toBe(false);
  });

  it("lists only concepts below strong: a concept at the strong line or above is not weak, however much evidence it has", () => {
    const concepts = [concept(1, STRONG_FROM - 0.001, 2), concept(2, STRONG_FROM, 9), concept(3, 0.99, 4), concept(4, 1, 14)];
    expect(weakestFirst(concepts).map((c) => c.id)).toEqual([1]);
    expect(weakestFirst(concepts.slice(1))).toEqual([]);
  });
});

describe("sortConcepts", () => {
  const concepts = [concept(1, 0.3, 0, "beta"), concept(2, 0.8, 2, "alpha"), concept(3, 0.1, 4, "gamma")];

  it("puts concepts not assessed yet last when sorting by mastery", () => {
    expect(sortConcepts(concepts, "weakest").map((c) => c.id)).toEqual([3, 2, 1]);
    expect(sortConcepts(concepts, "strongest").map((c) => c.id)).toEqual([2, 3, 1]);
  });

  it("sorts by evidence and by label without changing its input", () => {
    expect(sortConcepts(concepts, "evidence").map((c) => c.id)).toEqual([3, 2, 1]);
    expect(sortConcepts(concepts, "label").map((c) => c.label)).toEqual(["alpha", "beta", "gamma"]);
    expect(concepts.map((c) => c.id)).toEqual([1, 2, 3]);
  });
});

describe("conceptsForMap", () => {
  it("keeps every concept under the limit, else those with most evidence, then most courses", () => {
    const concepts = [concept(1, 0.3, 0, "a", 3), concept(2, 0.5, 4), concept(3, 0.3, 0, "c", 1), concept(4, 0.6, 1)];
    expect(conceptsForMap(concepts, 10)).toHaveLength(4);
    expect(conceptsForMap(concepts, 3).map((c) => c.id)).toEqual([2, 4, 1]);
  });
});

describe("links and params", () => {
  it("reads ?concept= as a positive id", () => {
    expect(parseConceptParam("42")).toBe(42);
    for (const bad of [undefined, "", "0", "-1", "4.2", "abc", "99999999999", ["1", "2"]]) expect(parseConceptParam(bad)).toBeNull();
  });

  it("opens a moment at its whole second", () => {
    expect(momentHref(7, 65.8)).toBe("/course/7?t=65");
    expect(momentHref(7, -3)).toBe("/course/7?t=0");
  });
});

describe("conceptMomentLabel", () => {
  const timelines = timelinesByCourse([
    { courseId: 1, videos: [{ videoId: "single", offsetSeconds: 0, durationSeconds: 900 }] },
    {
      courseId: 2,
      videos: [
        { videoId: "first", offsetSeconds: 0, durationSeconds: 300 },
        { videoId: "second", offsetSeconds: 300, durationSeconds: 600 },
        { videoId: "third", offsetSeconds: 900, durationSeconds: 400 },
      ],
    },
  ]);

  it("reads a moment of a course from one video as its time", () => {
    expect(conceptMomentLabel(timelines, 1, 364)).toBe("6:04");
  });

  it("reads a moment of a playlist course as its video and the time in that video", () => {
    expect(conceptMomentLabel(timelines, 2, 70)).toBe("Video 1 · 1:10");
    expect(conceptMomentLabel(timelines, 2, 370)).toBe("Video 2 · 1:10");
    // A video's first second is that video's, not the end of the one before.
    expect(conceptMomentLabel(timelines, 2, 900)).toBe("Video 3 · 0:00");
    expect(conceptMomentLabel(timelines, 2, 4_500)).toBe("Video 3 · 1:00:00");
  });

  it("reads a moment of a course whose videos are unknown, or that has none, as its course time", () => {
    expect(conceptMomentLabel(timelines, 3, 364)).toBe("6:04");
    expect(conceptMomentLabel(timelinesByCourse([{ courseId: 4, videos: [] }]), 4, 3_725)).toBe("1:02:05");
  });
});

import { describe, expect, test } from "vitest";

import { readInstructions, createOfflineSectionWriter } from "./section-writer";

describe("readInstructions", () => {
  test("a level word sets the level; 'more on X' names what to say more about", () => {
    expect(readInstructions("Simpler, please", "advanced")).toEqual({ complexity: "beginner", focus: null });
    expect(readInstructions("go deeper", "beginner")).toEqual({ complexity: "advanced", focus: null });
    expect(readInstructions("More on the sorted array", "intermediate")).toEqual({ complexity: "intermediate", focus: "the sorted array" });
    expect(readInstructions(null, "intermediate")).toEqual({ complexity: "intermediate", focus: null });
  });
});

describe("the offline section writer", () => {
  const lines = [
    "Binary search finds a value in a sorted array by halving the range.",
    "First we compare the target with the middle element of the range.",
    "If the target is smaller we keep the left half of the array.",
    "Heaps are a different structure that keeps the smallest element on top.",
    "A heap is stored in an array where each parent is smaller than its children.",
    "Otherwise we keep the right half and repeat the comparison.",
    "The search stops when the range is empty or the middle element matches.",
    "Each step halves the range, so the search takes logarithmic time.",
    "Now, a word about something else entirely: the weather was nice today.",
  ];
  const segments = lines.map((text, index) => ({ index, startMs: index * 10_000, endMs: index * 10_000 + 9_000, text }));
  const input = {
    courseTitle: "Search",
    sectionTitle: "Binary search",
    complexity: "intermediate" as const,
    language: "en",
    segments,
    timeStart: 0,
    timeEnd: 80,
    instructions: null,
  };

  test("writes the section's key points with their times, and its transcript, from the lines inside it only", async () => {
    const content = await createOfflineSectionWriter().write(input);
    expect(content).toMatch(/^Key points\n- \[0:\d0\]/);
    expect(content).toContain("Transcript");
    expect(content).not.toContain("weather");
  });

  test("'more on heaps' brings a point about heaps", async () => {
    const plain = await createOfflineSectionWriter().write(input);
    const focused = await createOfflineSectionWriter().write({ ...input, instructions: "more on heaps" });
    const points = (text: string) => text.split("\n\n")[0]!.split("\n").slice(1);
    expect(points(focused).some((line) => /heap/i.test(line))).toBe(true);
    expect(points(focused).length).toBeGreaterThanOrEqual(points(plain).length);
  });

  test("a span without transcript is refused", async () => {
    await expect(createOfflineSectionWriter().write({ ...input, timeStart: 200, timeEnd: 260 })).rejects.toThrow(/no transcript/);
  });
});

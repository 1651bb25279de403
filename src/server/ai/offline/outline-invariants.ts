/**
 * The structural rules every course outline must satisfy, whichever engine built it. Returns the
 * problems found (empty when the outline is sound), so callers can log or reject; the tests of
 * the offline engine assert it is empty on every transcript they try.
 */
import type { CourseOutline } from "~/server/ai/structure/types";
import type { TimedSegment } from "~/server/video/types";

export function outlineProblems(outline: CourseOutline, segments: readonly TimedSegment[]): string[] {
  const problems: string[] = [];
  const indexes = new Set(segments.map((s) => s.index));
  const firstIndex = segments.length ? Math.min(...segments.map((s) => s.index)) : 0;
  if (!outline.title.trim()) problems.push("course title is empty");
  if (!outline.description.trim()) problems.push("course description is empty");
  if (outline.chapters.length === 0) problems.push("no chapters");
  const titles = new Map<string, string>();
  const claim = (title: string, where: string) => {
    const key = title.trim().toLowerCase();
    if (!key) problems.push(`${where}: empty title`);
    else if (titles.has(key)) problems.push(`${where}: title "${title}" repeats ${titles.get(key)}`);
    else titles.set(key, where);
  };
  let previous = -Infinity;
  let first = true;
  outline.chapters.forEach((chapter, c) => {
    claim(chapter.title, `chapter ${c + 1}`);
    if (chapter.sections.length === 0) problems.push(`chapter ${c + 1}: no sections`);
    chapter.sections.forEach((section, s) => {
      const where = `chapter ${c + 1} section ${s + 1}`;
      claim(section.title, where);
      if (!section.content.trim()) problems.push(`${where}: empty content`);
      if (!Number.isInteger(section.startSegment) || !indexes.has(section.startSegment))
        problems.push(`${where}: startSegment ${section.startSegment} is not a segment`);
      if (section.startSegment <= previous) problems.push(`${where}: startSegment ${section.startSegment} does not follow ${previous}`);
      if (first && section.startSegment !== firstIndex) problems.push(`${where}: the course starts at segment ${section.startSegment}, not ${firstIndex}`);
      previous = section.startSegment;
      first = false;
    });
  });
  return problems;
}

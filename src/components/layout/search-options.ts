import type { CourseSearchResult } from "~/lib/schemas/course";

export type SearchOption = { key: string; label: string; detail: string | null; href: string };

const KIND_LABEL = { course: "Course", chapter: "Chapter", section: "Section" } as const;

/** The search list: each result (with where it is), then the offer to create a course on the topic. */
export function searchOptions(topic: string, results: readonly CourseSearchResult[]): SearchOption[] {
  if (!topic) return [];
  const found = results.map((result, index) => ({
    key: `${result.kind}-${result.courseId}-${index}`,
    label: result.title,
    detail: result.kind === "course" ? KIND_LABEL.course : `${KIND_LABEL[result.kind]} in ${result.courseTitle}`,
    href: result.href,
  }));
  const create = {
    key: "create",
    label: `Create a course on “${topic}”`,
    detail: found.length ? null : "No matching courses yet",
    href: `/create-course?${new URLSearchParams({ topic }).toString()}`,
  };
  return [...found, create];
}

/** The option the arrow keys move to: around the list, from none (-1) to the first or the last. */
export function moveActive(index: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (index < 0) return step === 1 ? 0 : count - 1;
  return (index + step + count) % count;
}

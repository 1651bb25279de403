export const KEY_CONCEPTS_LIMIT = 5;

type OutlineChapter = { title: string; sections: { title: string }[] };

/**
 * The chat panel's "Key Concepts": chapter titles first, then the first word of every section
 * title of more than two words; trimmed, de-duplicated case-insensitively (first spelling wins).
 */
export function keyConcepts(chapters: OutlineChapter[], limit = KEY_CONCEPTS_LIMIT): string[] {
  const candidates = [
    ...chapters.map((chapter) => chapter.title.trim()),
    ...chapters.flatMap((chapter) => chapter.sections.map((section) => firstWordOfLongTitle(section.title))),
  ];
  const seen = new Set<string>();
  const concepts: string[] = [];
  for (const candidate of candidates) {
    if (concepts.length >= limit) break;
    const key = candidate.toLowerCase();
    if (!candidate || seen.has(key)) continue;
    seen.add(key);
    concepts.push(candidate);
  }
  return concepts;
}

function firstWordOfLongTitle(title: string): string {
  const words = title.trim().split(/\s+/);
  if (words.length <= 2) return "";
  return words[0]!.replace(/^\p{P}+|\p{P}+$/gu, "");
}

/**
 * The links of the concept map that one course makes, from where it explains each concept:
 * "before" when a concept is first explained in the section before the one where the other is
 * first explained (the order the course teaches them in), "with" when both are explained in one
 * section. Pure: keys in, keys out; storing them turns keys into ids.
 */
type LinkKind = "before" | "with";

export type ConceptLink = { from: string; to: string; kind: LinkKind };

type Placed = { key: string; moments: readonly { sectionId: number }[] };

/** `sectionOrder` lists the course's section ids in course order. */
export function conceptLinks(concepts: readonly Placed[], sectionOrder: readonly number[]): ConceptLink[] {
  const position = new Map(sectionOrder.map((id, k) => [id, k]));
  const links: ConceptLink[] = [];
  const seen = new Set<string>();
  const add = (from: string, to: string, kind: LinkKind) => {
    const id = `${kind}\u0000${from}\u0000${to}`;
    if (from === to || seen.has(id)) return;
    seen.add(id);
    links.push({ from, to, kind });
  };

  const bySection = new Map<number, string[]>();
  const firstAt = new Map<string, number>();
  for (const concept of concepts) {
    for (const { sectionId } of concept.moments) {
      const at = position.get(sectionId);
      if (at === undefined) continue;
      const here = bySection.get(at) ?? [];
      if (!here.includes(concept.key)) here.push(concept.key);
      bySection.set(at, here);
      firstAt.set(concept.key, Math.min(at, firstAt.get(concept.key) ?? Infinity));
    }
  }

  for (const keys of bySection.values()) {
    const sorted = [...keys].sort();
    for (let i = 0; i < sorted.length; i++) for (let j = i + 1; j < sorted.length; j++) add(sorted[i]!, sorted[j]!, "with");
  }

  // Each section that first explains something follows the last one before it that did.
  const introducedAt = new Map<number, string[]>();
  for (const [key, at] of firstAt) introducedAt.set(at, [...(introducedAt.get(at) ?? []), key]);
  const steps = [...introducedAt.keys()].sort((a, b) => a - b);
  for (let k = 1; k < steps.length; k++) {
    for (const from of introducedAt.get(steps[k - 1]!)!) for (const to of introducedAt.get(steps[k]!)!) add(from, to, "before");
  }
  return links;
}

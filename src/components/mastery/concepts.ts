import { momentLabel, type TimelineVideo } from "~/lib/course-timeline";
import type { MasteryMap } from "~/lib/schemas/concepts";
import { masteryBand, type MasteryBand, STRONG_FROM } from "~/lib/mastery-bands";
import { formatTimestamp } from "~/lib/timestamps";

export { masteryBand, type MasteryBand, STRONG_FROM } from "~/lib/mastery-bands";

export type MasteryConcept = MasteryMap["concepts"][number];
export type ConceptEdge = MasteryMap["edges"][number];
/** Each course's videos on its timeline, by course id. */
export type CourseTimelines = ReadonlyMap<number, readonly TimelineVideo[]>;

/** "Weakest first" lists concepts with at least this much evidence: one answer says little. */
export const MIN_EVIDENCE_FOR_WEAKEST = 2;
const WEAKEST_LIMIT = 10;

export const MASTERY_BANDS: readonly MasteryBand[] = ["weak", "learning", "strong", "unassessed"];

export const BAND_LABELS: Record<MasteryBand, string> = {
  unassessed: "Not assessed yet",
  weak: "Weak",
  learning: "Learning",
  strong: "Strong",
};

export const masteryPercent = (mastery: number) => Math.round(mastery * 100);

/** "45%, learning", or "not assessed yet": how mastery reads as text. */
export function masteryText(concept: Pick<MasteryConcept, "mastery" | "evidenceCount">): string {
  const band = masteryBand(concept);
  return band === "unassessed" ? "not assessed yet" : `${masteryPercent(concept.mastery)}%, ${BAND_LABELS[band].toLowerCase()}`;
}

export const evidenceText = (count: number) => `${count} piece${count === 1 ? "" : "s"} of evidence`;

const byLabel = (a: MasteryConcept, b: MasteryConcept) => a.label.localeCompare(b.label) || a.id - b.id;

/** The concepts the learner knows least among those with enough evidence and not yet strong, least first. */
export function weakestFirst(concepts: readonly MasteryConcept[], { minEvidence = MIN_EVIDENCE_FOR_WEAKEST, limit = WEAKEST_LIMIT } = {}): MasteryConcept[] {
  return concepts
    .filter((concept) => concept.evidenceCount >= minEvidence && concept.mastery < STRONG_FROM)
    .sort((a, b) => a.mastery - b.mastery || b.evidenceCount - a.evidenceCount || byLabel(a, b))
    .slice(0, limit);
}

export const CONCEPT_SORTS = { weakest: "Weakest first", strongest: "Strongest first", evidence: "Most evidence", label: "A to Z" } as const;
export type ConceptSort = keyof typeof CONCEPT_SORTS;

/** The list's order. By mastery, concepts not assessed yet come last either way: their number is a prior, not a measure. */
export function sortConcepts(concepts: readonly MasteryConcept[], sort: ConceptSort): MasteryConcept[] {
  const assessedFirst = (a: MasteryConcept, b: MasteryConcept) => Number(a.evidenceCount === 0) - Number(b.evidenceCount === 0);
  const compare: Record<ConceptSort, (a: MasteryConcept, b: MasteryConcept) => number> = {
    weakest: (a, b) => assessedFirst(a, b) || a.mastery - b.mastery || byLabel(a, b),
    strongest: (a, b) => assessedFirst(a, b) || b.mastery - a.mastery || byLabel(a, b),
    evidence: (a, b) => b.evidenceCount - a.evidenceCount || byLabel(a, b),
    label: byLabel,
  };
  return [...concepts].sort(compare[sort]);
}

/**
 * The concepts the map shows by default when there are more than `limit`: those with the most
 * evidence, then those explained by the most courses; the rest behind "Show all".
 */
export function conceptsForMap(concepts: readonly MasteryConcept[], limit: number): MasteryConcept[] {
  if (concepts.length <= limit) return [...concepts];
  return [...concepts].sort((a, b) => b.evidenceCount - a.evidenceCount || b.courses.length - a.courses.length || a.id - b.id).slice(0, limit);
}

/** `?concept=` from the URL: a positive whole number, else null. */
export function parseConceptParam(raw: string | string[] | undefined): number | null {
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Where a moment opens: the course page at that second. */
export const momentHref = (courseId: number, seconds: number) => `/course/${courseId}?t=${Math.max(0, Math.floor(seconds))}`;

/** The map's `timelines` by course id. */
export const timelinesByCourse = (timelines: MasteryMap["timelines"]): CourseTimelines =>
  new Map(timelines.map((timeline) => [timeline.courseId, timeline.videos]));

/**
 * How a course's moment reads, as the course page shows it: "6:04", or in a course from a
 * playlist the video and its own moment, "Video 2 · 1:10". A course whose videos are not known reads its course time.
 */
export const conceptMomentLabel = (timelines: CourseTimelines, courseId: number, seconds: number) =>
  momentLabel(timelines.get(courseId) ?? [], seconds, formatTimestamp);

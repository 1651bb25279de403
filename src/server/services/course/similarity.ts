import { tokenize } from "~/server/video/text-relevance";

/** A course as the similarity sees it: its words (title, description, topic, chapter titles) and its level. */
export type CourseText = { id: number; text: string; complexity: string };

/** A candidate's score for matching the learner's level, beside a cosine in [0, 1]. */
const SAME_COMPLEXITY_BONUS = 0.1;
/** Below this cosine, two courses share only a stray word ("introduction", "chapter"): not similar. */
const MIN_SIMILARITY = 0.15;

type Vector = Map<string, number>;

/**
 * Ranks candidate courses by how close they are to a profile (the learner's own courses, or one
 * course): TF-IDF over the candidates' and the profile's words, cosine similarity, and a small
 * bonus for the same complexity as the profile's most common one. Candidates that share no more
 * than a stray word with the profile are left out: nothing is recommended just for existing.
 */
export function rankBySimilarity(profile: readonly CourseText[], candidates: readonly CourseText[], limit: number): { id: number; score: number }[] {
  if (profile.length === 0 || candidates.length === 0) return [];
  const documents = [...profile, ...candidates].map((course) => termCounts(course.text));
  const documentFrequency = new Map<string, number>();
  for (const counts of documents) for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = (term: string) => Math.log(1 + documents.length / (documentFrequency.get(term) ?? 1));
  const weigh = (counts: Vector): Vector => new Map([...counts].map(([term, count]) => [term, (1 + Math.log(count)) * idf(term)]));

  const profileVector = new Map<string, number>();
  for (const counts of documents.slice(0, profile.length))
    for (const [term, weight] of weigh(counts)) profileVector.set(term, (profileVector.get(term) ?? 0) + weight);
  const level = mostCommon(profile.map((course) => course.complexity));

  return candidates
    .map((course, i) => {
      const similarity = cosine(profileVector, weigh(documents[profile.length + i]!));
      return { id: course.id, similarity, score: similarity + (course.complexity === level ? SAME_COMPLEXITY_BONUS : 0) };
    })
    .filter((ranked) => ranked.similarity >= MIN_SIMILARITY)
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, limit)
    .map(({ id, score }) => ({ id, score }));
}

function termCounts(text: string): Vector {
  const counts: Vector = new Map();
  for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  for (const [term, weight] of b) dot += weight * (a.get(term) ?? 0);
  if (dot === 0) return 0;
  const norm = (v: Vector) => Math.sqrt([...v.values()].reduce((sum, w) => sum + w * w, 0));
  return dot / (norm(a) * norm(b));
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

import type { PassageHit } from "./retrieval";

/**
 * Whether the video covers a question, from the passages search found for it: the best one
 * (not the watched moment, which is shown whatever was asked) must hold at least MIN_COVERAGE of
 * the question (`PassageHit.coverage`: the IDF-weighted share of its terms, a word the
 * transcript never uses weighing UNKNOWN_TERM_WEIGHT times the rarest one, a word it says only
 * in passing half).
 *
 * The threshold and the unknown-word weight were tuned together on a labelled set
 * (relevance-questions.ts: in-scope questions, general knowledge, other subjects and near-topic
 * questions the video does not explain, 9 languages) by leave-one-video-out cross-validation,
 * minimising the mean of the false "not covered" and false "covered" rates; 30 of the 32 folds
 * chose these values. `npm run eval:relevance` prints the held-out figures, relevance.test.ts
 * guards them.
 */
export const MIN_COVERAGE = 0.1;

export function coversQuestion(hits: readonly PassageHit[], minCoverage = MIN_COVERAGE): boolean {
  const best = hits.find((hit) => !hit.atMoment);
  return best !== undefined && best.coverage >= minCoverage;
}

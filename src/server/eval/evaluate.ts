/**
 * Boundary-level scoring of a segmentation against reference boundaries (creator chapters):
 * a predicted boundary is right when it lies within ±tolerance of a reference boundary, and
 * each reference boundary can be claimed once.
 */

export type BoundaryCounts = { truePositives: number; falsePositives: number; falseNegatives: number };
export type BoundaryScores = BoundaryCounts & { precision: number; recall: number; f1: number };

/**
 * Maximum one-to-one matching of predicted to reference times (ms) within ±toleranceMs.
 * Windows of equal width on a line: taking references in order and giving each the earliest
 * unmatched prediction in its window is optimal.
 */
export function matchBoundaries(predictedMs: readonly number[], referenceMs: readonly number[], toleranceMs: number): BoundaryCounts {
  const predicted = [...predictedMs].sort((a, b) => a - b);
  const reference = [...referenceMs].sort((a, b) => a - b);
  const used = new Array<boolean>(predicted.length).fill(false);
  let truePositives = 0;
  for (const r of reference) {
    for (let k = 0; k < predicted.length; k++) {
      const p = predicted[k]!;
      if (used[k] || p < r - toleranceMs) continue;
      if (p > r + toleranceMs) break;
      used[k] = true;
      truePositives++;
      break;
    }
  }
  return { truePositives, falsePositives: predicted.length - truePositives, falseNegatives: reference.length - truePositives };
}

/** Precision, recall and F1 from counts. Empty sets count as perfect (nothing to find, nothing claimed). */
export function scoreCounts(counts: BoundaryCounts): BoundaryScores {
  const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = counts;
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...counts, precision, recall, f1 };
}

export function addCounts(a: BoundaryCounts, b: BoundaryCounts): BoundaryCounts {
  return {
    truePositives: a.truePositives + b.truePositives,
    falsePositives: a.falsePositives + b.falsePositives,
    falseNegatives: a.falseNegatives + b.falseNegatives,
  };
}

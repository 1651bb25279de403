/**
 * How well a grader of open answers agrees with a teacher: Spearman's ρ between its credit and
 * the hand grades of a grading set (test/fixtures/open-grading-set.json), the mean credit of
 * bare keyword lists, and both on the held-out half of the questions (odd positions), which
 * tuning never looked at.
 */
type GradingAnswer = { kind: string; text: string; grade: number };
export type GradingQuestion = {
  id: string;
  videoId: string;
  language: string;
  span: [number, number];
  questionText: string;
  reference: string;
  keyIdeas: string[];
  answers: GradingAnswer[];
};
export type GradingSet = { questions: GradingQuestion[] };

export type Grader = (answer: string, question: GradingQuestion) => number;

export type GradingFigures = { answers: number; rho: number; listCredit: number; meanCreditByKind: Record<string, number> };

/** Ranks from 1, ties sharing their mean rank. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, at) => ({ value, at })).sort((a, b) => a.value - b.value);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]!.value === order[i]!.value) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[order[k]!.at] = rank;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation (Pearson's over tie-averaged ranks); 0 when either side is constant. */
export function spearman(xs: readonly number[], ys: readonly number[]): number {
  if (xs.length !== ys.length || xs.length < 2) throw new Error("spearman needs two lists of the same length, at least two values");
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const mx = mean(rx);
  const my = mean(ry);
  let cov = 0;
  let vx = 0;
  let vy = 0;
  for (let i = 0; i < rx.length; i++) {
    cov += (rx[i]! - mx) * (ry[i]! - my);
    vx += (rx[i]! - mx) ** 2;
    vy += (ry[i]! - my) ** 2;
  }
  return vx === 0 || vy === 0 ? 0 : cov / Math.sqrt(vx * vy);
}

/** The figures of a grader on some questions of the set. */
export function gradingFigures(questions: readonly GradingQuestion[], grade: Grader): GradingFigures {
  const credits: number[] = [];
  const hand: number[] = [];
  const byKind = new Map<string, number[]>();
  for (const question of questions) {
    for (const answer of question.answers) {
      const credit = grade(answer.text, question);
      credits.push(credit);
      hand.push(answer.grade);
      byKind.set(answer.kind, [...(byKind.get(answer.kind) ?? []), credit]);
    }
  }
  const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length);
  return {
    answers: credits.length,
    rho: spearman(credits, hand),
    listCredit: mean(byKind.get("list") ?? []),
    meanCreditByKind: Object.fromEntries([...byKind].map(([kind, values]) => [kind, mean(values)])),
  };
}

/** The set split as it was tuned: even positions tuned on, odd positions held out. */
export function splitForTuning(set: GradingSet): { tuned: GradingQuestion[]; heldOut: GradingQuestion[] } {
  return { tuned: set.questions.filter((_, at) => at % 2 === 0), heldOut: set.questions.filter((_, at) => at % 2 === 1) };
}

/**
 * Simulated learners for checking that mastery is calibrated (docs/mastery.md): learners whose
 * knowledge of each concept is known take quizzes of given shapes, answer with slip and guess,
 * get cards for their misses and review them (some right after seeing the answers), retake some
 * quizzes, learn from the feedback and forget between sessions. Their answers are replayed
 * through the mastery model, and each estimate is compared with the learner's true state.
 *
 * The learners are simulated once per population (`simulateLearners`), independently of the
 * model's parameters, so fitting the parameters only replays the same histories.
 */
import { afterEvent, type Evidence, type MasteryParameters, type MasteryState, splitAcrossConcepts } from "~/server/services/mastery/model";
import { seededRandom } from "~/lib/seeded-random";

/** One question as the learner meets it: its kind, its options and which of the course's concepts it is tagged with. */
export type QuestionShape = { kind: "choice" | "open"; optionCount: number; concepts: readonly number[] };
/** A course: how many concepts it has, and its section quizzes in order. */
export type CourseShape = { name: string; conceptCount: number; quizzes: readonly (readonly QuestionShape[])[] };

/** How the simulated learners of a population know, answer, learn and forget. */
export type Population = {
  /** The mean chance a learner knows a concept before the course; each learner's own is drawn around it. */
  prior: number;
  /** How much learners differ: the concentration of the Beta their own prior is drawn from (lower: more different). */
  priorConcentration: number;
  /** Chance of learning a concept from one event on it (answering it, then seeing the answer). */
  learn: number;
  slip: number;
  /** A choice is guessed above chance by ruling options out: guess = 1/n + this · (1 − 1/n). */
  choiceElimination: number;
  openGuess: number;
  cardGuess: number;
  /** Chance that a learner who does not know the concept still answers right within a day of seeing the answer. */
  seenGuess: number;
  /** Between two sessions, a state is drawn again from the learner's prior with chance 1 − 2^(−days / halfLife). */
  halfLifeDays: number;
  /** Share of learners who review their new cards right after the quiz (the others a few days later). */
  quickReviewShare: number;
  /** Share of quizzes retaken right after the results. */
  retakeShare: number;
  /** Share of questions asked as open questions (the offline engine asks choices only; a model mixes in open ones). */
  openShare: number;
};

/** A piece of evidence as the app records it, on course concepts, with whether the app counts it. */
type SimulatedPiece = { evidence: Evidence; concepts: readonly number[]; retake: boolean };
/** One event (an attempt, a review) and each touched concept's true state just after it. */
type SimulatedEvent = { pieces: SimulatedPiece[]; truth: Map<number, boolean>; at: Date };
export type LearnerHistory = { events: SimulatedEvent[] };

export { seededRandom };

/** A Beta(a, b) draw (Marsaglia–Tsang gammas), for each learner's own prior. */
function betaDraw(random: () => number, a: number, b: number): number {
  const gamma = (shape: number): number => {
    if (shape < 1) return gamma(shape + 1) * random() ** (1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        const u1 = random() || 1e-12;
        x = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * random());
        v = 1 + c * x;
      } while (v <= 0);
      v = v ** 3;
      const u = random();
      if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
    }
  };
  const x = gamma(a);
  return x / (x + gamma(b));
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Simulates `learners` learners of the population, each taking one of the courses. */
export function simulateLearners(
  population: Population,
  courses: readonly CourseShape[],
  { learners, seed }: { learners: number; seed: number },
): LearnerHistory[] {
  const random = seededRandom(seed);
  const histories: LearnerHistory[] = [];
  for (let n = 0; n < learners; n += 1) histories.push(simulateLearner(population, courses[n % courses.length]!, random));
  return histories;
}

function simulateLearner(population: Population, course: CourseShape, random: () => number): LearnerHistory {
  const { prior, priorConcentration: k } = population;
  const ownPrior = betaDraw(random, prior * k, (1 - prior) * k);
  const knows = Array.from({ length: course.conceptCount }, () => random() < ownPrior);
  const events: SimulatedEvent[] = [];
  let now = new Date("2026-01-05T09:00:00Z").getTime();
  let lastSession = now;
  const quickReviewer = random() < population.quickReviewShare;
  const pendingCards: { concepts: readonly number[]; createdAt: number; reviewAt: number }[] = [];

  /** Between sessions the learner forgets (or picks the concept up elsewhere): a state is drawn again from their prior. */
  const age = (to: number) => {
    const kept = 2 ** (-(to - lastSession) / DAY_MS / population.halfLifeDays);
    for (let c = 0; c < knows.length; c += 1) if (random() > kept) knows[c] = random() < ownPrior;
    lastSession = to;
  };
  const tested = (concepts: readonly number[]) => concepts[Math.floor(random() * concepts.length)]!;
  const rightChance = (known: boolean, guess: number) => (known ? 1 - population.slip : guess);
  const learnFrom = (concepts: Iterable<number>) => {
    for (const c of concepts) if (!knows[c] && random() < population.learn) knows[c] = true;
  };
  const record = (pieces: SimulatedPiece[], at: number) => {
    const touched = new Set(pieces.flatMap((piece) => piece.concepts));
    // Seeing answers again minutes after seeing them (a retake, a quick review) teaches nothing new.
    if (pieces.some((piece) => !piece.retake && !piece.evidence.answerSeen)) learnFrom(touched);
    events.push({ pieces, at: new Date(at), truth: new Map([...touched].map((c) => [c, knows[c]!])) });
  };

  const answer = (question: QuestionShape, at: number, retake: boolean): { piece: SimulatedPiece; missed: boolean } => {
    // A question tagged with several concepts turns on one of them, which the app does not know.
    const known = knows[tested(question.concepts)]!;
    if (question.kind === "open" || random() < population.openShare) {
      const right = random() < rightChance(known, retake ? population.seenGuess : population.openGuess);
      const credit = right ? 0.6 + 0.4 * random() : 0.45 * random();
      return { piece: { evidence: { kind: "open", credit, at: new Date(at) }, concepts: question.concepts, retake }, missed: credit < 0.6 };
    }
    const chance = 1 / question.optionCount;
    // A retake right after the results: the answers were just shown.
    const guess = retake ? Math.max(population.seenGuess, chance) : chance + population.choiceElimination * (1 - chance);
    const right = random() < rightChance(known, guess);
    const evidence: Evidence = { kind: "choice", credit: right ? 1 : 0, at: new Date(at), optionCount: question.optionCount };
    return { piece: { evidence, concepts: question.concepts, retake }, missed: !right };
  };

  const reviewDue = (until: number) => {
    for (;;) {
      pendingCards.sort((a, b) => a.reviewAt - b.reviewAt);
      if (pendingCards.length === 0 || pendingCards[0]!.reviewAt > until) break;
      const card = pendingCards.shift()!;
      if (card.reviewAt - lastSession > 6 * HOUR_MS) age(card.reviewAt);
      const seen = card.reviewAt - card.createdAt < DAY_MS;
      const known = knows[tested(card.concepts)]!;
      const right = random() < rightChance(known, seen ? population.seenGuess : population.cardGuess);
      const credit = right ? (random() < 0.2 ? 0.5 : 1) : random() < 0.2 ? 0.5 : 0;
      record([{ evidence: { kind: "card", credit, at: new Date(card.reviewAt), answerSeen: seen }, concepts: card.concepts, retake: false }], card.reviewAt);
      // The review shows the answer again: the next one comes days later, or in minutes after a miss.
      if (credit < 1 && random() < 0.5) pendingCards.push({ concepts: card.concepts, createdAt: card.reviewAt, reviewAt: card.reviewAt + 10 * 60_000 });
      else if (random() < 0.5) pendingCards.push({ concepts: card.concepts, createdAt: card.reviewAt, reviewAt: card.reviewAt + (2 + 10 * random()) * DAY_MS });
    }
  };

  for (const quiz of course.quizzes) {
    now += random() < 0.6 ? (10 + 50 * random()) * 60_000 : (1 + 6 * random()) * DAY_MS;
    reviewDue(now);
    if (now - lastSession > 6 * HOUR_MS) age(now);
    const attempt = quiz.map((question) => answer(question, now, false));
    record(
      attempt.map((a) => a.piece),
      now,
    );
    for (const [q, { missed }] of attempt.entries()) {
      if (!missed) continue;
      const reviewAt = quickReviewer ? now + (2 + 30 * random()) * 60_000 : now + (1 + 5 * random()) * DAY_MS;
      pendingCards.push({ concepts: quiz[q]!.concepts, createdAt: now, reviewAt });
    }
    if (random() < population.retakeShare) {
      const at = now + 60_000;
      record(
        quiz.map((question) => answer(question, at, true).piece),
        at,
      );
    }
  }
  reviewDue(now + 30 * DAY_MS);
  return { events };
}

/** One estimate and the truth it estimates. */
export type Forecast = { p: number; known: boolean };

/** The app's estimates along each history (retakes give no evidence), each against the learner's state just after the event. */
export function replayModel(histories: readonly LearnerHistory[], parameters: MasteryParameters): Forecast[] {
  const forecasts: Forecast[] = [];
  for (const { events } of histories) {
    const states = new Map<number, MasteryState | null>();
    for (const { pieces, truth } of events) {
      const byConcept = new Map<number, Evidence[]>();
      for (const { evidence, concepts, retake } of pieces) {
        if (retake) continue;
        const tagged = new Set(concepts);
        for (const c of tagged) {
          const share = splitAcrossConcepts(evidence, tagged.size);
          const list = byConcept.get(c);
          if (list) list.push(share);
          else byConcept.set(c, [share]);
        }
      }
      for (const [c, evidence] of byConcept) {
        const state = afterEvent(states.get(c) ?? null, evidence, parameters);
        states.set(c, state);
        if (state && truth.has(c)) forecasts.push({ p: state.pKnown, known: truth.get(c)! });
      }
    }
  }
  return forecasts;
}

/**
 * The model as it was before issue 43, for the "before" figures: every piece applied on its own
 * in question order with the learn rate after each, a credit weighing the two posteriors
 * (Jeffrey's rule), each tagged concept taking the whole piece, retakes and reviews right after
 * the answers counted like any evidence; prior 0.3, learn 0.1, slip 0.1, guess 1/options,
 * 0.05 for open answers and cards, half-life 30 days.
 */
export function replayLegacyModel(histories: readonly LearnerHistory[]): Forecast[] {
  const [prior, learn, slip, halfLifeDays] = [0.3, 0.1, 0.1, 30];
  const forecasts: Forecast[] = [];
  for (const { events } of histories) {
    const states = new Map<number, { p: number; at: number }>();
    for (const { pieces, truth } of events) {
      const touched = new Set<number>();
      for (const { evidence, concepts } of pieces) {
        const guess = evidence.kind === "choice" && evidence.optionCount ? 1 / evidence.optionCount : 0.05;
        for (const c of new Set(concepts)) {
          const state = states.get(c);
          const at = evidence.at.getTime();
          const p = state ? prior + (state.p - prior) * 2 ** (-(at - state.at) / DAY_MS / halfLifeDays) : prior;
          const right = (p * (1 - slip)) / (p * (1 - slip) + (1 - p) * guess);
          const wrong = (p * slip) / (p * slip + (1 - p) * (1 - guess));
          const posterior = evidence.credit * right + (1 - evidence.credit) * wrong;
          states.set(c, { p: posterior + (1 - posterior) * learn, at });
          touched.add(c);
        }
      }
      for (const c of touched) if (truth.has(c)) forecasts.push({ p: states.get(c)!.p, known: truth.get(c)! });
    }
  }
  return forecasts;
}

export type ReliabilityBin = { from: number; to: number; count: number; meanForecast: number; knownShare: number };

/** Forecasts in ten equal bins of the estimate: how many, the mean estimate, and the share of them truly known. */
export function reliabilityTable(forecasts: readonly Forecast[], bins = 10): ReliabilityBin[] {
  const table = Array.from({ length: bins }, (_, b) => ({ from: b / bins, to: (b + 1) / bins, count: 0, meanForecast: 0, knownShare: 0 }));
  for (const { p, known } of forecasts) {
    const bin = table[Math.min(bins - 1, Math.floor(p * bins))]!;
    bin.count += 1;
    bin.meanForecast += p;
    bin.knownShare += known ? 1 : 0;
  }
  for (const bin of table) if (bin.count > 0) [bin.meanForecast, bin.knownShare] = [bin.meanForecast / bin.count, bin.knownShare / bin.count];
  return table;
}

/** Expected calibration error: the bins' gap between mean estimate and share known, weighted by their size. */
export function expectedCalibrationError(forecasts: readonly Forecast[], bins = 10): number {
  const total = forecasts.length;
  return reliabilityTable(forecasts, bins).reduce((sum, bin) => sum + (bin.count / total) * Math.abs(bin.meanForecast - bin.knownShare), 0);
}

/** Mean log loss (lower is better): what the fit minimises. */
export function logLoss(forecasts: readonly Forecast[]): number {
  const eps = 1e-6;
  return -forecasts.reduce((sum, { p, known }) => sum + Math.log(known ? Math.max(eps, p) : Math.max(eps, 1 - p)), 0) / forecasts.length;
}

/** Share of estimates at or above `threshold` whose learner does not know the concept: how often "strong" is wrong. */
export function falseStrongShare(forecasts: readonly Forecast[], threshold: number): number {
  const strong = forecasts.filter((f) => f.p >= threshold);
  return strong.length === 0 ? 0 : strong.filter((f) => !f.known).length / strong.length;
}

/** The parameters fitted to histories: coordinate descent on log loss over a grid of each parameter, a few rounds. */
export function fitParameters(histories: readonly LearnerHistory[], start: MasteryParameters, rounds = 3): MasteryParameters {
  type Knob = { get: (p: MasteryParameters) => number; set: (p: MasteryParameters, v: number) => MasteryParameters; grid: number[] };
  const steps = (from: number, to: number, by: number) =>
    Array.from({ length: Math.round((to - from) / by) + 1 }, (_, i) => Math.round((from + i * by) * 1000) / 1000);
  const guess = (key: keyof MasteryParameters["guess"], grid: number[]): Knob => ({
    get: (p) => p.guess[key],
    set: (p, v) => ({ ...p, guess: { ...p.guess, [key]: v } }),
    grid,
  });
  const knobs: Knob[] = [
    { get: (p) => p.prior, set: (p, v) => ({ ...p, prior: v }), grid: steps(0.1, 0.6, 0.05) },
    { get: (p) => p.learn, set: (p, v) => ({ ...p, learn: v }), grid: steps(0.02, 0.3, 0.02) },
    { get: (p) => p.slip, set: (p, v) => ({ ...p, slip: v }), grid: steps(0.04, 0.3, 0.02) },
    guess("open", steps(0.02, 0.4, 0.02)),
    guess("card", steps(0.02, 0.4, 0.02)),
    guess("seen", steps(0.2, 0.9, 0.05)),
  ];
  let best = start;
  let bestLoss = logLoss(replayModel(histories, best));
  for (let round = 0; round < rounds; round += 1) {
    for (const knob of knobs) {
      for (const value of knob.grid) {
        if (value === knob.get(best)) continue;
        const candidate = knob.set(best, value);
        const loss = logLoss(replayModel(histories, candidate));
        if (loss < bestLoss) [best, bestLoss] = [candidate, loss];
      }
    }
  }
  return best;
}

/**
 * The two populations of simulated learners mastery is fitted and checked on (scripts/eval-mastery.ts,
 * docs/mastery.md). B differs from A in every respect, so a fit on A that stays calibrated on B
 * is not calibrated by construction.
 */
import type { Population } from "./mastery-simulation";

/** Population A: the parameters are fitted on it. */
export const FIT_POPULATION: Population = {
  prior: 0.3,
  priorConcentration: 4,
  learn: 0.1,
  slip: 0.1,
  choiceElimination: 0.1,
  openGuess: 0.08,
  cardGuess: 0.12,
  seenGuess: 0.6,
  halfLifeDays: 30,
  quickReviewShare: 0.5,
  retakeShare: 0.3,
  openShare: 0.2,
};

/** Population B (held out): learners who know more and differ more, slip and guess more, learn less, forget sooner and review sooner. */
export const HELD_OUT_POPULATION: Population = {
  prior: 0.4,
  priorConcentration: 2,
  learn: 0.07,
  slip: 0.14,
  choiceElimination: 0.2,
  openGuess: 0.12,
  cardGuess: 0.18,
  seenGuess: 0.7,
  halfLifeDays: 20,
  quickReviewShare: 0.7,
  retakeShare: 0.5,
  openShare: 0.35,
};

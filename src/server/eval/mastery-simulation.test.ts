/**
 * Mastery is calibrated on simulated learners (docs/mastery.md, "Calibration"): the shipped
 * parameters, fitted on population A, keep the expected calibration error within 0.05 on A and
 * on the held-out population B with the other half of the corpus' quiz shapes. A fixed seed and a
 * few hundred learners: seconds. The full run is `npm run eval:mastery`.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, test } from "vitest";

import { STRONG_FROM } from "~/lib/mastery-bands";
import { MASTERY_PARAMETERS } from "~/server/services/mastery/model";

import { FIT_POPULATION, HELD_OUT_POPULATION } from "./mastery-populations";
import {
  type CourseShape,
  expectedCalibrationError,
  falseStrongShare,
  reliabilityTable,
  replayLegacyModel,
  replayModel,
  seededRandom,
  simulateLearners,
} from "./mastery-simulation";

const shapes = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../test/fixtures/mastery/quiz-shapes.json"), "utf8")) as {
  fit: CourseShape[];
  heldOut: CourseShape[];
};

describe("mastery calibration on simulated learners", () => {
  test("the quiz shapes stored from the corpus are real quizzes: 1–5 questions, 4 options, tagged concepts of their course", () => {
    for (const course of [...shapes.fit, ...shapes.heldOut]) {
      for (const quiz of course.quizzes) {
        expect(quiz.length).toBeGreaterThanOrEqual(1);
        expect(quiz.length).toBeLessThanOrEqual(5);
        for (const question of quiz) {
          expect(question.concepts.length).toBeGreaterThan(0);
          for (const id of question.concepts) expect(id).toBeLessThan(course.conceptCount);
        }
      }
    }
    expect(shapes.fit.length).toBeGreaterThanOrEqual(10);
    expect(shapes.heldOut.length).toBeGreaterThanOrEqual(10);
  });

  test("ECE ≤ 0.05 on the fitted population and on the held-out one; the model before issue 43 was far off", () => {
    const fit = simulateLearners(FIT_POPULATION, shapes.fit, { learners: 300, seed: 11 });
    const heldOut = simulateLearners(HELD_OUT_POPULATION, shapes.heldOut, { learners: 300, seed: 12 });
    const fitForecasts = replayModel(fit, MASTERY_PARAMETERS);
    const heldOutForecasts = replayModel(heldOut, MASTERY_PARAMETERS);
    expect(fitForecasts.length).toBeGreaterThan(5_000);
    expect(expectedCalibrationError(fitForecasts)).toBeLessThanOrEqual(0.05);
    expect(expectedCalibrationError(heldOutForecasts)).toBeLessThanOrEqual(0.05);
    expect(expectedCalibrationError(replayLegacyModel(heldOut))).toBeGreaterThan(0.15);
    // "Strong" is rarely wrong now; before, a third of the strong estimates were of concepts not known.
    expect(falseStrongShare(heldOutForecasts, STRONG_FROM)).toBeLessThan(0.2);
    expect(falseStrongShare(replayLegacyModel(heldOut), STRONG_FROM)).toBeGreaterThan(0.3);
  });

  test("ECE and the reliability table measure what they say", () => {
    const random = seededRandom(3);
    const calibrated = Array.from({ length: 20_000 }, () => {
      const p = random();
      return { p, known: random() < p };
    });
    expect(expectedCalibrationError(calibrated)).toBeLessThan(0.02);
    const overconfident = calibrated.map(({ p, known }) => ({ p: Math.min(0.999, p + 0.3), known }));
    expect(expectedCalibrationError(overconfident)).toBeGreaterThan(0.2);
    const table = reliabilityTable([
      { p: 0.05, known: false },
      { p: 0.15, known: true },
      { p: 0.95, known: true },
      { p: 1, known: false },
    ]);
    expect(table.map((bin) => bin.count)).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(table[9]).toMatchObject({ meanForecast: 0.975, knownShare: 0.5 });
  });
});

/**
 * The offline grader against the hand-graded set (test/fixtures/open-grading-set.json): a floor on
 * Spearman's ρ overall and on the held-out questions, and a ceiling on what bare keyword lists
 * earn, so a change that makes grading trust a list of terms, or stop rewarding a paraphrase,
 * fails here. The set carries its questions: no corpus needed.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, test } from "vitest";

import { gradeOpenAnswer } from "~/server/ai/offline/grade-open";

import { gradingFigures, spearman, splitForTuning, type GradingQuestion, type GradingSet } from "./grading-eval";

const set = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../test/fixtures/open-grading-set.json"), "utf8")) as GradingSet;
const grade = (answer: string, question: GradingQuestion) => gradeOpenAnswer(answer, question, question.language).credit;

describe("spearman", () => {
  test("is 1 for the same order, -1 for the reverse, and shares ranks between ties", () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 10);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 10);
    expect(spearman([1, 1, 2], [1, 2, 3])).toBeCloseTo(0.866, 3);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBe(0);
    expect(() => spearman([1], [1])).toThrow();
  });
});

describe("the offline grader on the hand-graded set", () => {
  test("the set is as documented: at least 60 answers to 20 questions, several languages, every kind of answer", () => {
    expect(set.questions.length).toBeGreaterThanOrEqual(20);
    expect(set.questions.flatMap((q) => q.answers).length).toBeGreaterThanOrEqual(60);
    expect(new Set(set.questions.map((q) => q.language)).size).toBeGreaterThanOrEqual(4);
    const kinds = new Set(set.questions.flatMap((q) => q.answers.map((a) => a.kind)));
    for (const kind of ["paraphrase", "partial", "list", "offtopic", "copy", "otherlang"]) expect(kinds).toContain(kind);
  });

  test("credit ranks answers as the hand grades do (ρ ≥ 0.8 overall and held out), and keyword lists earn little", () => {
    const all = gradingFigures(set.questions, grade);
    const { heldOut } = splitForTuning(set);
    const held = gradingFigures(heldOut, grade);
    expect(all.rho).toBeGreaterThanOrEqual(0.8);
    expect(held.rho).toBeGreaterThanOrEqual(0.8);
    expect(all.listCredit).toBeLessThanOrEqual(0.3);
    expect(all.meanCreditByKind.paraphrase).toBeGreaterThanOrEqual(0.75);
    expect(all.meanCreditByKind.copy).toBeLessThanOrEqual(0.2);
  });
});

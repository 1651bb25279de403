/**
 * The offline grader of open answers against hand grades.
 *
 *   npm run eval:grading [-- <grading set>]
 *
 * Grades every answer of the grading set (default test/fixtures/open-grading-set.json: open
 * questions the offline engine wrote on sections of the shared corpus, in five languages, with
 * answers graded by hand before the grader was tuned) and prints Spearman's ρ between credit and
 * hand grade, the mean credit of bare keyword lists and of each kind of answer: on all answers,
 * on the questions tuned on (even positions) and on the held-out ones (odd positions). Reads no
 * corpus: the questions are stored with the set. Exits 0.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { gradeOpenAnswer } from "~/server/ai/offline/grade-open";
import { gradingFigures, splitForTuning, type GradingFigures, type GradingQuestion, type GradingSet } from "~/server/eval/grading-eval";

const path = resolve(process.argv[2] ?? "test/fixtures/open-grading-set.json");
const set = JSON.parse(readFileSync(path, "utf8")) as GradingSet;
const grade = (answer: string, question: GradingQuestion) => gradeOpenAnswer(answer, question, question.language).credit;

const { tuned, heldOut } = splitForTuning(set);
const row = (name: string, figures: GradingFigures) => {
  const kinds = Object.entries(figures.meanCreditByKind)
    .map(([kind, credit]) => `${kind} ${credit.toFixed(2)}`)
    .join(", ");
  console.log(
    `${name.padEnd(9)} answers ${String(figures.answers).padStart(3)}  ρ ${figures.rho.toFixed(3)}  keyword lists ${figures.listCredit.toFixed(3)}  (${kinds})`,
  );
};
console.log(`${set.questions.length} questions in ${new Set(set.questions.map((q) => q.language)).size} languages (${path})`);
row("all", gradingFigures(set.questions, grade));
row("tuned", gradingFigures(tuned, grade));
row("held out", gradingFigures(heldOut, grade));
for (const language of [...new Set(set.questions.map((q) => q.language))])
  row(
    language,
    gradingFigures(
      set.questions.filter((q) => q.language === language),
      grade,
    ),
  );

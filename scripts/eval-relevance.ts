/**
 * Evaluation of the tutor's "not covered" decision (src/server/ai/chat/relevance.ts).
 *
 *   npm run eval:relevance        (or: npx tsx scripts/eval-relevance.ts [fixtures folder])
 *
 * Asks the labelled questions of src/server/ai/chat/relevance-questions.ts (and the retrieval
 * questions, in scope) of their videos in the shared fixture corpus (default ../shared/fixtures,
 * English and 8 translations), tunes the rule (the weight of words the transcript never uses, and
 * the coverage threshold) by leave-one-video-out cross-validation on the hand-written questions,
 * and prints the held-out error rates; the corpus' chapter titles, never used in tuning, are a
 * second held-out set of in-scope queries. Then the same with one language held out at a time,
 * and the rule tuned on every hand-written question, which relevance.ts should hold.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

import { MIN_COVERAGE } from "~/server/ai/chat/relevance";
import { FIXTURES_DIR, leaveOneLanguageOut, leaveOneVideoOut, ratesAt, relevanceCases, tuneRule } from "~/server/ai/chat/relevance-eval";
import { UNKNOWN_TERM_WEIGHT } from "~/server/ai/chat/retrieval";

const dir = process.argv[2] ? resolve(process.argv[2]) : FIXTURES_DIR;
if (!existsSync(dir)) {
  console.error(`fixture folder not found: ${dir}`);
  process.exit(2);
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const cases = relevanceCases(dir);
const handWritten = cases.filter((c) => c.kind !== "chapter-title");
console.log(
  `${handWritten.filter((c) => c.covered).length} in-scope and ${handWritten.filter((c) => !c.covered).length} out-of-scope hand-written questions, ${cases.length - handWritten.length} chapter titles, ${new Set(cases.map((c) => c.language)).size} languages, ${new Set(cases.map((c) => c.videoId)).size} videos\n`,
);

const held = leaveOneVideoOut(cases);
console.log("Leave one video out (the rule tuned on the other videos' hand-written questions):");
console.log(
  `  hand-written: accuracy ${percent(held.handWritten.accuracy)}, false "not covered" ${percent(held.handWritten.falseNotCovered)} of ${held.handWritten.inScope}, false "covered" ${percent(held.handWritten.falseCovered)} of ${held.handWritten.outOfScope}`,
);
console.log(
  `  false "covered" by kind: ${Object.entries(held.falseCoveredByKind)
    .map(([kind, share]) => `${kind} ${percent(share)}`)
    .join(", ")}`,
);
console.log(`  chapter titles (never tuned on): false "not covered" ${percent(held.chapterTitles.falseNotCovered)} of ${held.chapterTitles.inScope}`);
const ruleCounts = new Map<string, number>();
for (const rule of held.rules)
  ruleCounts.set(
    `weight ${rule.weight}, threshold ${rule.threshold.toFixed(3)}`,
    (ruleCounts.get(`weight ${rule.weight}, threshold ${rule.threshold.toFixed(3)}`) ?? 0) + 1,
  );
console.log(`  rules tuned in the folds: ${[...ruleCounts].map(([rule, n]) => `${rule} (×${n})`).join("; ")}`);

console.log("\nLeave one language out (hand-written questions and chapter titles of the held-out language):");
for (const [language, rates] of Object.entries(leaveOneLanguageOut(cases))) {
  console.log(
    `  ${language}: false "not covered" ${percent(rates.falseNotCovered)} of ${rates.inScope}, false "covered" ${percent(rates.falseCovered)} of ${rates.outOfScope}`,
  );
}

const rule = tuneRule(handWritten);
const shipped = ratesAt(handWritten, { weight: UNKNOWN_TERM_WEIGHT, threshold: MIN_COVERAGE });
console.log(`\nTuned on every hand-written question: weight ${rule.weight}, threshold ${rule.threshold.toFixed(3)}`);
console.log(
  `Shipped (retrieval.ts UNKNOWN_TERM_WEIGHT ${UNKNOWN_TERM_WEIGHT}, relevance.ts MIN_COVERAGE ${MIN_COVERAGE}): accuracy ${percent(shipped.accuracy)} (in-sample)`,
);

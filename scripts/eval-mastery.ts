/**
 * Is mastery calibrated? Fits the model's parameters on simulated learners and checks them on
 * others (docs/mastery.md, "Calibration").
 *
 *   npm run eval:mastery -- [<videos folder>] [--learners 3000] [--write-shapes]
 *
 * Quiz shapes come from the shared corpus: every video's course is built offline (the engine's
 * own sections), its concepts extracted, each section's offline quiz made and its questions
 * tagged as the app tags them. The videos are split in two: population A (fit) takes the courses
 * of the even-numbered videos, population B (held out: other learners who know more, slip and
 * guess more, learn and forget at other rates, review sooner) those of the odd-numbered ones.
 * Prints, for the model before issue 43 and for the fitted and the shipped parameters: ECE, log
 * loss, the share of "strong" (≥ 70%) estimates whose learner does not know the concept, and the
 * reliability table. The shapes (numbers only, no corpus text) are stored in
 * test/fixtures/mastery/quiz-shapes.json for the unit test and later runs; `--write-shapes` (or
 * a missing file) makes them again from the corpus. Exits 1 when the shipped parameters'
 * held-out ECE is above 0.05.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

import { STRONG_FROM } from "~/lib/mastery-bands";
import { extractConcepts, type ConceptSection } from "~/server/ai/offline/concepts";
import { buildOutline, NO_TRANSCRIPT_MESSAGE } from "~/server/ai/offline/engine";
import { buildOfflineQuiz } from "~/server/ai/offline/quiz-engine";
import { rulesFor } from "~/server/ai/offline/language-rules";
import { sectionStartsMs } from "~/server/eval/course-quality";
import {
  type CourseShape,
  expectedCalibrationError,
  falseStrongShare,
  fitParameters,
  type Forecast,
  logLoss,
  type QuestionShape,
  reliabilityTable,
  replayLegacyModel,
  replayModel,
  simulateLearners,
} from "~/server/eval/mastery-simulation";
import { HELD_OUT_POPULATION, FIT_POPULATION } from "~/server/eval/mastery-populations";
import { conceptsTestedBy } from "~/server/services/concepts/tagging";
import { MASTERY_PARAMETERS } from "~/server/services/mastery/model";

import { readVideoFolder, SHARED_VIDEOS, structureInputOf, type FolderVideo } from "../test/fixtures/video-folder";

const SHAPES_FILE = resolve(import.meta.dirname, "../test/fixtures/mastery/quiz-shapes.json");

function parseArgs(argv: string[]) {
  const at = argv.indexOf("--learners");
  const learners = at >= 0 ? Number(argv[at + 1]) : 3000;
  const positional = argv.filter((a, i) => !a.startsWith("--") && argv[i - 1] !== "--learners");
  if (!Number.isInteger(learners) || learners < 10 || positional.length > 1) {
    console.error("usage: npm run eval:mastery -- [<videos folder>] [--learners n] [--write-shapes]");
    process.exit(2);
  }
  return { folder: resolve(positional[0] ?? SHARED_VIDEOS), learners, writeShapes: argv.includes("--write-shapes") };
}

/** A video's course as the offline engine makes it, reduced to its quizzes' shapes; null without a transcript. */
async function courseShape(video: FolderVideo): Promise<CourseShape | null> {
  let outline;
  try {
    outline = await buildOutline(structureInputOf(video, { creatorChapters: false }));
  } catch (error) {
    if (error instanceof Error && error.message === NO_TRANSCRIPT_MESSAGE) return null;
    throw error;
  }
  const startsMs = sectionStartsMs(outline, video.segments);
  const endMs = video.segments.reduce((end, s) => Math.max(end, s.endMs), 0);
  const sections: ConceptSection[] = startsMs.map((startMs, id) => ({ id, startMs, endMs: startsMs[id + 1] ?? null }));
  const index = rulesFor(video.language).indexPhrases(video.segments.map((s) => s.text));
  const concepts = extractConcepts({ segments: video.segments, sections, index, language: video.language }).map((concept, id) => ({ ...concept, id }));
  const titles = outline.chapters.flatMap((chapter) => chapter.sections.map((section) => section.title));
  const quizzes: QuestionShape[][] = [];
  for (const [id, startMs] of startsMs.entries()) {
    const timeStart = Math.floor(startMs / 1000);
    const next = startsMs[id + 1];
    let quiz;
    try {
      quiz = buildOfflineQuiz({
        courseTitle: outline.title,
        sectionTitle: titles[id] ?? "",
        timeStart,
        timeEnd: next === undefined ? Math.ceil(endMs / 1000) : Math.floor(next / 1000),
        segments: video.segments,
        language: video.language,
      });
    } catch {
      continue; // A section too short for a quiz has none in the app either.
    }
    quizzes.push(
      quiz.questions.map((q) => ({
        kind: q.kind ?? "choice",
        optionCount: q.options.length,
        concepts: conceptsTestedBy({ text: q.questionText, answer: q.correctAnswer, sectionId: id, sourceTime: q.sourceTime }, concepts, video.language),
      })),
    );
  }
  const tagged = quizzes.map((quiz) => quiz.filter((q) => q.concepts.length > 0)).filter((quiz) => quiz.length > 0);
  return tagged.length === 0 ? null : { name: video.videoId, conceptCount: concepts.length, quizzes: tagged };
}

function describeShapes(courses: readonly CourseShape[]): string {
  const questions = courses.flatMap((c) => c.quizzes.flat());
  const perQuiz = courses.flatMap((c) => c.quizzes.map((q) => q.length));
  const tags = questions.map((q) => q.concepts.length);
  const share = (n: number) => `${((100 * n) / questions.length).toFixed(0)}%`;
  // How many questions of one quiz test the same concept: what the old model counted in a row.
  const sameConcept = courses.flatMap((c) =>
    c.quizzes.map((quiz) => Math.max(...[...new Set(quiz.flatMap((q) => q.concepts))].map((id) => quiz.filter((q) => q.concepts.includes(id)).length))),
  );
  return [
    `${courses.length} courses, ${perQuiz.length} quizzes, ${questions.length} questions (${share(questions.filter((q) => q.kind === "open").length)} open)`,
    `questions per quiz ${Math.min(...perQuiz)}–${Math.max(...perQuiz)} (mean ${(questions.length / perQuiz.length).toFixed(1)})`,
    `concepts per question: 1 ${share(tags.filter((t) => t === 1).length)}, 2 ${share(tags.filter((t) => t === 2).length)}, 3+ ${share(tags.filter((t) => t >= 3).length)}`,
    `most questions on one concept in a quiz: mean ${(sameConcept.reduce((a, b) => a + b, 0) / sameConcept.length).toFixed(1)}, max ${Math.max(...sameConcept)}`,
  ].join("\n  ");
}

const f3 = (x: number) => x.toFixed(3);

function report(label: string, forecasts: readonly Forecast[]) {
  console.log(
    `${label.padEnd(34)} ECE ${f3(expectedCalibrationError(forecasts))}  log loss ${f3(logLoss(forecasts))}  ` +
      `"strong" but not known ${(100 * falseStrongShare(forecasts, STRONG_FROM)).toFixed(1)}%  (${forecasts.length} estimates)`,
  );
}

function table(forecasts: readonly Forecast[]) {
  console.log("    bin        n      mean estimate  share known");
  for (const bin of reliabilityTable(forecasts)) {
    if (bin.count === 0) continue;
    console.log(
      `    ${bin.from.toFixed(1)}–${bin.to.toFixed(1)}  ${String(bin.count).padStart(6)}  ${f3(bin.meanForecast).padStart(13)}  ${f3(bin.knownShare).padStart(11)}`,
    );
  }
}

async function main() {
  const { folder, learners, writeShapes } = parseArgs(process.argv.slice(2));
  let fitCourses: CourseShape[];
  let heldOutCourses: CourseShape[];
  if (writeShapes || !existsSync(SHAPES_FILE)) {
    if (!existsSync(folder)) {
      console.log(`No corpus at ${folder} and no stored shapes: skipped.`);
      return;
    }
    const shapes: CourseShape[] = [];
    for (const video of readVideoFolder(folder)) {
      const shape = await courseShape(video);
      if (shape) shapes.push(shape);
    }
    [fitCourses, heldOutCourses] = [shapes.filter((_, k) => k % 2 === 0), shapes.filter((_, k) => k % 2 === 1)];
    mkdirSync(dirname(SHAPES_FILE), { recursive: true });
    writeFileSync(SHAPES_FILE, `${JSON.stringify({ fit: fitCourses, heldOut: heldOutCourses })}\n`);
    console.log(`Quiz shapes from ${folder}, stored in ${SHAPES_FILE}:`);
  } else {
    ({ fit: fitCourses, heldOut: heldOutCourses } = JSON.parse(readFileSync(SHAPES_FILE, "utf8")) as { fit: CourseShape[]; heldOut: CourseShape[] });
    console.log(`Quiz shapes stored from the corpus (${SHAPES_FILE}; --write-shapes makes them again):`);
  }
  console.log(`  A: ${describeShapes(fitCourses)}\n  B: ${describeShapes(heldOutCourses)}\n`);

  const fitHistories = simulateLearners(FIT_POPULATION, fitCourses, { learners, seed: 1 });
  const heldOutHistories = simulateLearners(HELD_OUT_POPULATION, heldOutCourses, { learners, seed: 2 });
  const fitted = fitParameters(fitHistories, MASTERY_PARAMETERS, 2);
  console.log("Fitted on population A:", JSON.stringify(fitted));
  console.log("Shipped (model.ts):     ", JSON.stringify(MASTERY_PARAMETERS), "\n");

  for (const [name, histories] of [
    ["A (fit: even videos)", fitHistories],
    ["B (held out: odd videos, other learners)", heldOutHistories],
  ] as const) {
    console.log(`Population ${name}`);
    const legacy = replayLegacyModel(histories);
    const shipped = replayModel(histories, MASTERY_PARAMETERS);
    report("  before issue 43", legacy);
    report("  fitted on A", replayModel(histories, fitted));
    report("  shipped", shipped);
    console.log("  reliability, before issue 43:");
    table(legacy);
    console.log("  reliability, shipped:");
    table(shipped);
    console.log();
  }
  const heldOutEce = expectedCalibrationError(replayModel(heldOutHistories, MASTERY_PARAMETERS));
  if (heldOutEce > 0.05) {
    console.error(`held-out ECE ${f3(heldOutEce)} is above 0.05`);
    process.exit(1);
  }
}

void main();

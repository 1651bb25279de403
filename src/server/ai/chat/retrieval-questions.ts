import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

import type { TimedSegment } from "~/server/video/types";

import { buildPassages, createPassageIndex, type PassageHit } from "./retrieval";

/**
 * Questions a learner might ask the tutor about videos of the shared fixture corpus
 * (../shared/fixtures/videos), written by us after reading the transcripts, each with the time
 * range (seconds) where the transcript answers it. Used by retrieval.test.ts and
 * scripts/eval-retrieval.ts to measure whether the answer is among the passages retrieved.
 */
export type RetrievalQuestion = { videoId: string; question: string; from: number; to: number };

export const RETRIEVAL_QUESTIONS: readonly RetrievalQuestion[] = [
  // How secure is 256 bit security?
  { videoId: "S9JGmA5_unY", question: "If you had an unimaginably huge computer, how long would brute forcing a 256-bit key take?", from: 169, to: 212 },
  { videoId: "S9JGmA5_unY", question: "Why are bitcoin miners way faster than a regular graphics card?", from: 212, to: 257 },
  // Bayes theorem, the geometry of changing beliefs
  { videoId: "HZGCoVF3YvM", question: "What does the prior mean in Bayes' theorem?", from: 320, to: 337 },
  { videoId: "HZGCoVF3YvM", question: "Why is it a mistake to say shy Steve is probably a librarian?", from: 129, to: 195 },
  // But what is a neural network?
  { videoId: "aircAruvnKk", question: "What is the bias in a neuron used for?", from: 657, to: 718 },
  { videoId: "aircAruvnKk", question: "Why do modern networks use ReLU rather than the sigmoid?", from: 1035, to: 1105 },
  // Gradient descent, how neural networks learn
  { videoId: "IHZwWFHWa-w", question: "How well does the digit recognizer do on pictures it was never trained on?", from: 782, to: 822 },
  { videoId: "IHZwWFHWa-w", question: "How do you score how wrong the network's output is for one image?", from: 216, to: 267 },
  // Eigenvectors and eigenvalues
  { videoId: "PFDu9oVAE-g", question: "Why doesn't a 90 degree rotation have any eigenvectors?", from: 646, to: 694 },
  { videoId: "PFDu9oVAE-g", question: "Why would I want to switch to a basis made of eigenvectors?", from: 837, to: 990 },
  // What's so special about Euler's number e?
  { videoId: "m2MIpDrF7Es", question: "Why is the constant for base 2 equal to the natural log of 2?", from: 587, to: 652 },
  { videoId: "m2MIpDrF7Es", question: "What makes e different from every other base for exponentials?", from: 456, to: 527 },
  // Why do colliding blocks compute pi?
  { videoId: "jsYwFizhncE", question: "Which conservation laws tell you the block speeds after they bump into each other?", from: 92, to: 155 },
  { videoId: "jsYwFizhncE", question: "Why is the tangent of a tiny angle almost the same as the angle?", from: 714, to: 783 },
  // Vectors
  { videoId: "fNk_zzaMoSs", question: "What happens to a vector when you multiply it by a negative number?", from: 414, to: 460 },
  { videoId: "fNk_zzaMoSs", question: "How do physicists, programmers and mathematicians each think about vectors?", from: 20, to: 99 },
  // Taylor series
  { videoId: "3d6DsjIBzJ4", question: "Why do factorials appear in the coefficients of Taylor polynomials?", from: 506, to: 548 },
  { videoId: "3d6DsjIBzJ4", question: "Why does the series for ln x stop working for inputs bigger than 2?", from: 1168, to: 1256 },
  // But what is the Fourier Transform?
  { videoId: "spUNpyF58BY", question: "How could I use this to get rid of a high pitched whine in an audio recording?", from: 636, to: 700 },
  { videoId: "spUNpyF58BY", question: "What happens to the wrapped-up graph when the winding speed matches the signal's frequency?", from: 277, to: 400 },
];

export const FIXTURE_VIDEOS_DIR = resolve(process.cwd(), "../shared/fixtures/videos");

type FixtureVideo = { videoId: string; segments: { text: string; start: number; duration: number }[] };

/** A fixture video's transcript as the pipeline's segments, or null when the file is absent. */
export function loadFixtureSegments(videoId: string, dir = FIXTURE_VIDEOS_DIR): TimedSegment[] | null {
  const file = join(dir, `${videoId}.json`);
  if (!existsSync(file)) return null;
  const video = JSON.parse(readFileSync(file, "utf8")) as FixtureVideo;
  return video.segments.map((s, index) => ({ index, startMs: Math.round(s.start * 1000), endMs: Math.round((s.start + s.duration) * 1000), text: s.text }));
}

/** 1-based rank of the first hit overlapping [from, to], or null when none of them does. */
export function rankOfFirstHit(hits: readonly PassageHit[], from: number, to: number): number | null {
  const position = hits.findIndex(({ passage }) => passage.start < to && from < passage.end);
  return position === -1 ? null : position + 1;
}

export type QuestionResult = RetrievalQuestion & { rank: number | null; hits: PassageHit[] };

/** Searches each question's video for it (top `k`); videos are indexed once each. */
export function evaluateQuestions(questions: readonly RetrievalQuestion[] = RETRIEVAL_QUESTIONS, k = 3, dir = FIXTURE_VIDEOS_DIR): QuestionResult[] {
  const indexes = new Map<string, ReturnType<typeof createPassageIndex>>();
  return questions.map((question) => {
    let index = indexes.get(question.videoId);
    if (index === undefined) {
      const segments = loadFixtureSegments(question.videoId, dir);
      if (segments === null) throw new Error(`fixture video ${question.videoId} not found in ${dir}`);
      index = createPassageIndex(buildPassages(segments));
      indexes.set(question.videoId, index);
    }
    const hits = index.search(question.question, k);
    return { ...question, rank: rankOfFirstHit(hits, question.from, question.to), hits };
  });
}

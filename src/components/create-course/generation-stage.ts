import type { GenerationStage } from "~/lib/schemas/generation";

/** What the loader says while a job is at each stage (the job's live stage, in the learner's words). */
const STAGE_LABELS: Record<GenerationStage, string> = {
  queued: "Waiting to start…",
  "finding-video": "Finding the best video…",
  "reading-transcript": "Reading the transcript…",
  structuring: "Structuring chapters…",
  writing: "Writing sections…",
  saving: "Saving your course…",
  done: "Your course is ready!",
};

export type JobStatus = "queued" | "running" | "succeeded" | "failed";

/** The label of a stage; an unknown stage (a newer server) reads as still working. */
export function stageLabel(stage: string | null | undefined): string {
  return stage && Object.hasOwn(STAGE_LABELS, stage) ? STAGE_LABELS[stage as GenerationStage] : STAGE_LABELS.queued;
}

/** True while the job may still change: the page keeps polling it and shows the loader. */
export function isJobActive(status: JobStatus): boolean {
  return status === "queued" || status === "running";
}

/** The progress bar's value: a whole percent in 0..100 whatever the server sends. */
export function clampProgress(progress: number | null | undefined): number {
  if (typeof progress !== "number" || !Number.isFinite(progress)) return 0;
  return Math.round(Math.min(100, Math.max(0, progress)));
}

/** Says which engine built a course, so a learner knows whether an AI model or the offline engine wrote it. */
export function engineNote(engine: string | null | undefined): string | undefined {
  if (engine === "llm") return "Structured and written by the AI model.";
  if (engine === "offline") return "Built by the offline engine from the video's transcript (no AI model is configured).";
  return undefined;
}

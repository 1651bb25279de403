import { copyFile, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { CANDIDATES_PER_SOURCE, TRANSCRIPT_TRIES_PER_SOURCE } from "~/server/services/generation/find-video";
import { orderSourceResults } from "~/server/video/ranking";
import { createLibrarySource } from "~/server/video/sources/library";
import type { VideoDetails, VideoSource } from "~/server/video/types";

import { QUESTION_TOPICS, type QuestionTopic } from "./question-topics";

/**
 * How often a question-shaped topic finds the video that answers it (top-1), on the shared corpus
 * as a library with its translations: each question is picked as the generation pipeline picks a
 * topic's video (the library's results in the course's language, ranked, the first with a
 * transcript). Reported per split (the English tuning questions, and the held-out ones: the second
 * English question of each video and every other language) and per language.
 */

type QuestionOutcome = QuestionTopic & { picked: string | null; pickedTitle: string | null };

export type QuestionEvaluation = {
  outcomes: QuestionOutcome[];
  top1: { tune: number; heldOut: number; heldOutOtherLanguages: number; byLanguage: Record<string, { correct: number; total: number }> };
};

/** The shared corpus (videos and `translations/<lang>/`) copied into one library folder: the library reads no link out of it. */
async function writeLibrary(videosDir: string, translationsDir: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "coursecraft-question-eval-"));
  for (const name of await readdir(videosDir)) if (name.endsWith(".json")) await copyFile(join(videosDir, name), join(dir, name));
  if (existsSync(translationsDir)) {
    for (const language of await readdir(translationsDir)) {
      await mkdir(join(dir, language));
      for (const name of await readdir(join(translationsDir, language))) {
        if (name.endsWith(".json")) await copyFile(join(translationsDir, language, name), join(dir, language, name));
      }
    }
  }
  return dir;
}

/** The video the pipeline would build a course in `language` from, with this one source. */
async function pickVideoIn(source: VideoSource, topic: string, language: string): Promise<VideoDetails | null> {
  const query = { topic, complexity: "beginner" as const, limit: CANDIDATES_PER_SOURCE, language };
  const results = await source.search(query);
  return (
    orderSourceResults(results, query)
      .slice(0, TRANSCRIPT_TRIES_PER_SOURCE)
      .find((video) => video.hasCaptions) ?? null
  );
}

export async function evaluateQuestionSearch(
  videosDir: string,
  translationsDir: string,
  topics: readonly QuestionTopic[] = QUESTION_TOPICS,
): Promise<QuestionEvaluation> {
  const dir = await writeLibrary(videosDir, translationsDir);
  try {
    const source = createLibrarySource(dir);
    const outcomes: QuestionOutcome[] = [];
    for (const topic of topics) {
      const picked = await pickVideoIn(source, topic.question, topic.language);
      outcomes.push({ ...topic, picked: picked?.id ?? null, pickedTitle: picked?.title ?? null });
    }
    const share = (some: readonly QuestionOutcome[]) => (some.length === 0 ? 0 : some.filter((o) => o.picked === o.videoId).length / some.length);
    const byLanguage: QuestionEvaluation["top1"]["byLanguage"] = {};
    for (const o of outcomes) {
      const entry = (byLanguage[o.language] ??= { correct: 0, total: 0 });
      entry.total += 1;
      if (o.picked === o.videoId) entry.correct += 1;
    }
    return {
      outcomes,
      top1: {
        tune: share(outcomes.filter((o) => o.split === "tune")),
        heldOut: share(outcomes.filter((o) => o.split === "held-out")),
        heldOutOtherLanguages: share(outcomes.filter((o) => o.language !== "en")),
        byLanguage,
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

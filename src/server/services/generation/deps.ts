import { env } from "~/env";
import { createLlmEngine } from "~/server/ai/course-outline";
import { aiCallSettings, getLanguageModel } from "~/server/ai/models";
import { createOfflineEngine } from "~/server/ai/offline";
import { createVideoSources } from "~/server/video/sources";

import type { GenerationDeps } from "./run-job";

let cached: GenerationDeps | undefined;

/**
 * The video sources and the structuring engine this installation is configured with: the LLM
 * engine when a model endpoint is set, the offline engine otherwise.
 */
export function getGenerationDeps(): GenerationDeps {
  if (cached) return cached;
  const model = getLanguageModel();
  cached = {
    sources: createVideoSources({
      order: env.VIDEO_SOURCES,
      libraryDir: env.VIDEO_LIBRARY_DIR,
      youtubeApiKey: env.YOUTUBE_API_KEY,
      youtubeApiBaseUrl: env.YOUTUBE_API_BASE_URL,
      youtubeiBaseUrl: env.YOUTUBEI_BASE_URL,
    }),
    engine: model ? createLlmEngine(model, aiCallSettings()) : createOfflineEngine(),
  };
  return cached;
}

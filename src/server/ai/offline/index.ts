/** The built-in, LLM-free structuring engine (docs/features/courses.md). */
export { createOfflineEngine, NO_TRANSCRIPT_MESSAGE } from "./engine";

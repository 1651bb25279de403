/** The built-in, LLM-free structuring engine (docs/architecture.md, "Courses, videos, languages"). */
export { buildOutline, createOfflineEngine, NO_TRANSCRIPT_MESSAGE } from "./engine";

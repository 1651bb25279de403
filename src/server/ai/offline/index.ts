/** The built-in, LLM-free structuring engine (ARCHITECTURE.md: `src/server/ai/offline/`). */
export { buildOutline, createOfflineEngine, NO_TRANSCRIPT_MESSAGE } from "./engine";

import { formatTimestamp } from "~/server/ai/chat/retrieval";
import type { DbClient } from "~/server/db";

import { loadPassageIndex } from "./passages";
import type { AnswerRequest, ChatAnswerer } from "./answerer";

/** How many passages an offline answer quotes, and how much of each. */
const OFFLINE_PASSAGES = 3;
const QUOTE_MAX_CHARS = 320;

export const OFFLINE_NOTE = "I'm in offline mode (no AI model is configured), so I answer with the parts of the video that match your question.";

/**
 * The tutor without a language model: the passages of the course's video that best match the
 * question, quoted with their moments as [m:ss] links, or a plain statement that the video does
 * not seem to cover it. Nothing is invented.
 */
export const answerOffline: ChatAnswerer = async function* answer(db, request) {
  yield await offlineReply(db, request);
};

async function offlineReply(db: DbClient, { course, question }: AnswerRequest): Promise<string> {
  const index = await loadPassageIndex(db, course.course.videoId);
  if (!index) return `${OFFLINE_NOTE}\n\nThis course's video has no transcript I can search, so I cannot answer from it.`;

  const hits = index.search(question, OFFLINE_PASSAGES);
  if (hits.length === 0) {
    return `${OFFLINE_NOTE}\n\nI could not find a part of this video that covers that. Try the words the video itself uses, or look through the course outline.`;
  }
  const quotes = [...hits]
    .sort((a, b) => a.passage.start - b.passage.start)
    .map(({ passage }) => `> ${quote(passage.text)} [${formatTimestamp(passage.start)}]`);
  return [`${OFFLINE_NOTE} The closest moments:`, ...quotes].join("\n\n");
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= QUOTE_MAX_CHARS) return flat;
  const cut = flat.slice(0, QUOTE_MAX_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), QUOTE_MAX_CHARS / 2))}…`;
}

import { formatTimestamp, type PassageHit } from "~/server/ai/chat/retrieval";
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

async function offlineReply(db: DbClient, { course, question, atSeconds }: AnswerRequest): Promise<string> {
  const index = await loadPassageIndex(db, course.course.videoId);
  if (!index) return `${OFFLINE_NOTE}\n\nThis course's video has no transcript I can search, so I cannot answer from it.`;

  const hits = index.search(question, OFFLINE_PASSAGES, { atSeconds });
  if (hits.length === 0) {
    return `${OFFLINE_NOTE}\n\nI could not find a part of this video that covers that. Try the words the video itself uses, or look through the course outline.`;
  }
  const line = ({ passage }: PassageHit) => `> ${quote(passage.text)} [${formatTimestamp(passage.start)}]`;
  // Asked about a moment: the passage being watched first, then the other matches in video order.
  const watched = hits.find((hit) => hit.atMoment);
  const others = hits.filter((hit) => !hit.atMoment).sort((a, b) => a.passage.start - b.passage.start);
  if (!watched || atSeconds === undefined) return [`${OFFLINE_NOTE} The closest moments:`, ...others.map(line)].join("\n\n");
  return [
    `${OFFLINE_NOTE} At [${formatTimestamp(atSeconds)}], where you are watching, the video says:`,
    line(watched),
    ...(others.length > 0 ? ["Other moments that match your question:", ...others.map(line)] : []),
  ].join("\n\n");
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= QUOTE_MAX_CHARS) return flat;
  const cut = flat.slice(0, QUOTE_MAX_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), QUOTE_MAX_CHARS / 2))}…`;
}

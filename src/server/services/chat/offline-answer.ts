import { formatTimestamp, type PassageHit } from "~/server/ai/chat/retrieval";
import { videoAt } from "~/lib/course-timeline";
import { tutorWording } from "~/server/ai/offline/wording";
import type { DbClient } from "~/server/db";

import { loadPassageIndex } from "./passages";
import type { AnswerRequest, ChatAnswerer } from "./answerer";

/** How many passages an offline answer quotes, and how much of each. */
const OFFLINE_PASSAGES = 3;
const QUOTE_MAX_CHARS = 320;

export const OFFLINE_NOTE = tutorWording("en").offlineNote;

/**
 * The tutor without a language model: the passages of the course's video that best match the
 * question, quoted with their moments as [m:ss] links, or a plain statement that the video does
 * not seem to cover it, in the course language. Nothing is invented.
 */
export const answerOffline: ChatAnswerer = async function* answer(db, request) {
  yield await offlineReply(db, request);
};

async function offlineReply(db: DbClient, { course, question, atSeconds }: AnswerRequest): Promise<string> {
  const say = tutorWording(course.course.language);
  const index = await loadPassageIndex(db, course.course.id);
  if (!index) return `${say.offlineNote}\n\n${say.noTranscript}`;

  const hits = index.search(question, OFFLINE_PASSAGES, { atSeconds });
  if (hits.length === 0) return `${say.offlineNote}\n\n${say.noMatch}`;
  // From a playlist, each quote names its video.
  const videos = course.course.videos;
  const source = (seconds: number) => (videos.length > 1 ? ` (${videoAt(videos, seconds)?.video.title})` : "");
  const line = ({ passage }: PassageHit) => `> ${quote(passage.text)}${source(passage.start)} [${formatTimestamp(passage.start)}]`;
  // Asked about a moment: the passage being watched first, then the other matches in video order.
  const watched = hits.find((hit) => hit.atMoment);
  const others = hits.filter((hit) => !hit.atMoment).sort((a, b) => a.passage.start - b.passage.start);
  if (!watched || atSeconds === undefined) return [`${say.offlineNote} ${say.closest}`, ...others.map(line)].join("\n\n");
  return [
    `${say.offlineNote} ${say.atMoment(`[${formatTimestamp(atSeconds)}]`)}`,
    line(watched),
    ...(others.length > 0 ? [say.otherMoments, ...others.map(line)] : []),
  ].join("\n\n");
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= QUOTE_MAX_CHARS) return flat;
  const cut = flat.slice(0, QUOTE_MAX_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), QUOTE_MAX_CHARS / 2))}…`;
}

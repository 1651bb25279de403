import { askedCloze, isRightAnswer, learnerWordsIn, makeCloze, type Cloze } from "~/server/ai/chat/offline-tutor";
import { coversQuestion, MIN_COVERAGE } from "~/server/ai/chat/relevance";
import { formatTimestamp, passageTerms, type Passage, type PassageHit, type PassageIndex } from "~/server/ai/chat/retrieval";
import { videoAt } from "~/lib/course-timeline";
import { tutorWording } from "~/server/ai/offline/wording";
import type { TutorWording } from "~/server/language/pack";
import type { DbClient } from "~/server/db";

import { loadPassageIndex } from "./passages";
import type { AnswerRequest, ChatAnswerer } from "./answerer";

/** How many passages an offline answer quotes, and how much of each. */
const OFFLINE_PASSAGES = 3;
const QUOTE_MAX_CHARS = 320;

export const OFFLINE_NOTE = tutorWording("en").offlineNote;

/**
 * The tutor without a language model, in the course language; nothing is invented:
 * - "Explain": the passages of the video that match the question, quoted with their moments as
 *   [m:ss] links ("Simpler": the best one only);
 * - "Hint only": where to watch again and what about, in the learner's own words, never what
 *   the video says there;
 * - "Quiz me": a sentence of the video with a word left out; the next message is checked against
 *   it, and the next question comes from further on in the video.
 * A question no passage holds enough of (relevance.ts) gets "The video does not cover that",
 * with no citation.
 */
export const answerOffline: ChatAnswerer = async function* answer(db, request) {
  yield await offlineReply(db, request);
};

async function offlineReply(db: DbClient, request: AnswerRequest): Promise<string> {
  const say = tutorWording(request.course.course.language);
  const index = await loadPassageIndex(db, request.course.course.id);
  if (!index) return `${say.offlineNote}\n\n${say.noTranscript}`;
  if (request.mode === "quiz") return quizReply(index, request, say);

  const hits = index.search(request.question, OFFLINE_PASSAGES, { atSeconds: request.atSeconds });
  const watched = request.atSeconds !== undefined ? hits.find((hit) => hit.atMoment) : undefined;
  // Asked about a moment, the watched passage is what the question is about; else the best match, when it is relevant.
  if (!watched && !coversQuestion(hits)) return `${say.offlineNote}\n\n${say.noMatch}`;
  const relevant = hits.filter((hit) => !hit.atMoment && hit.coverage >= MIN_COVERAGE);

  if (request.mode === "hint") {
    const target = (watched ?? relevant[0]!).passage;
    const words = learnerWordsIn(request.question, target);
    const about =
      words.length > 0
        ? listOf(
            words.map((word) => `*${word}*`),
            request.course.course.language,
          )
        : null;
    return say.hint(`[${formatTimestamp(target.start)}]`, about);
  }

  // From a playlist, each quote names its video.
  const videos = request.course.course.videos;
  const source = (seconds: number) => (videos.length > 1 ? ` (${videoAt(videos, seconds)?.video.title})` : "");
  const line = ({ passage }: PassageHit) => `> ${quote(passage.text)}${source(passage.start)} [${formatTimestamp(passage.start)}]`;
  const others = (request.mode === "simpler" ? relevant.slice(0, 1) : relevant).sort((a, b) => a.passage.start - b.passage.start);
  if (!watched) return [`${say.offlineNote} ${say.closest}`, ...others.map(line)].join("\n\n");
  return [
    `${say.offlineNote} ${say.atMoment(`[${formatTimestamp(request.atSeconds!)}]`)}`,
    line(watched),
    ...(others.length > 0 && request.mode !== "simpler" ? [say.otherMoments, ...others.map(line)] : []),
  ].join("\n\n");
}

/**
 * "Quiz me": when the tutor's last message asked a blank, the learner's message is the answer;
 * otherwise a relevant question names what to be quizzed on. The next question comes from the
 * passage the learner asked about, the moment being watched, or, after an answer or "ready",
 * the part of the video after the last question (from the start at first).
 */
function quizReply(index: PassageIndex, { question, history, atSeconds }: AnswerRequest, say: TutorWording): string {
  const lastReply = history.findLast((message) => message.role === "assistant")?.content ?? "";
  const asked = askedCloze(lastReply, index.passages);
  if (asked) {
    const verdict = isRightAnswer(question, asked.answer) ? say.quizRight(asked.answer) : say.quizWrong(asked.answer);
    const next = clozeAfter(index, asked.passage);
    return [verdict, `> ${quote(asked.sentence)} [${formatTimestamp(asked.passage.start)}]`, ...(next ? [say.quizNext, ...askLines(next, say)] : [])].join(
      "\n\n",
    );
  }
  const hits = index.search(question, OFFLINE_PASSAGES, { atSeconds });
  const watched = atSeconds !== undefined ? hits.find((hit) => hit.atMoment)?.passage : undefined;
  const topic = watched ?? (coversQuestion(hits) ? hits.find((hit) => !hit.atMoment)!.passage : undefined);
  const avoid = new Set(passageTerms(question));
  const cloze = topic ? (makeCloze(topic, index, avoid) ?? clozeAfter(index, topic)) : clozeAfter(index, lastQuizzed(history, index));
  if (cloze) return askLines(cloze, say).join("\n\n");
  // A passage without a sentence to blank (fragments, a script without words): an open question about it.
  const moment = topic ?? index.passages[0];
  return moment ? say.quizOpen(`[${formatTimestamp(moment.start)}]`) : say.noTranscript;
}

function askLines(cloze: Cloze, say: TutorWording): string[] {
  const at = `[${formatTimestamp(cloze.passage.start)}]`;
  return [say.quizBlank(at), `> ${cloze.question} ${at}`];
}

/** The first blank that can be asked after `passage` (from the start when null), wrapping around to the start. */
function clozeAfter(index: PassageIndex, passage: Passage | null): Cloze | null {
  const { passages } = index;
  const from = passage ? passages.findIndex((p) => p.startSegment >= passage.endSegment) : 0;
  const order = from === -1 ? passages : [...passages.slice(from), ...passages.slice(0, from)];
  for (const candidate of order) {
    if (candidate === passage) continue;
    const cloze = makeCloze(candidate, index);
    if (cloze) return cloze;
  }
  return null;
}

/** The passage of the newest blank the tutor asked in this conversation, if any. */
function lastQuizzed(history: AnswerRequest["history"], index: PassageIndex): Passage | null {
  for (const message of [...history].reverse()) {
    if (message.role !== "assistant") continue;
    const cloze = askedCloze(message.content, index.passages);
    if (cloze) return cloze.passage;
  }
  return null;
}

function listOf(items: string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= QUOTE_MAX_CHARS) return flat;
  const cut = flat.slice(0, QUOTE_MAX_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), QUOTE_MAX_CHARS / 2))}…`;
}

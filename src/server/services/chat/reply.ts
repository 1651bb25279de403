import type { ChatMessage } from "~/lib/schemas/chat";
import { HISTORY_MAX_MESSAGES } from "~/server/ai/chat/prompt";
import { createLlmTutor } from "~/server/ai/chat/tutor";
import { aiCallSettings, getLanguageModel } from "~/server/ai/models";
import type { DbClient } from "~/server/db";
import { insertMessage, selectNewestTurns } from "~/server/db/queries/chat";
import { AppError, isAppError } from "~/server/errors";
import { consumeLimit, LIMITS } from "~/server/rate-limit";
import { getCourseOrThrow } from "~/server/services/course/get-course";
import { recordLearningEvents } from "~/server/services/gamification/record-event";

import type { ChatAnswerer } from "./answerer";
import { toChatMessage } from "./history";
import { llmAnswerer } from "./llm-answer";
import { answerOffline } from "./offline-answer";
import { type TutorMode } from "~/lib/rules/chat";

export type { ChatAnswerer } from "./answerer";

/** The configured tutor: the language model when there is one, else answers from the video. */
export function defaultChatAnswerer(): ChatAnswerer {
  const model = getLanguageModel();
  return model ? llmAnswerer(createLlmTutor(model, aiCallSettings())) : answerOffline;
}

export type ChatReplyRequest = { courseId: number; userId: number; content: string; mode?: TutorMode; timeZone?: string | null; atSeconds?: number };

/** A reply under way: the question is stored and the tutor has written its first piece. */
export type ChatReply = {
  question: ChatMessage;
  /** Every piece of the reply from the first; read once. */
  pieces: AsyncIterable<string>;
  signal: AbortSignal;
  save: (content: string) => Promise<ChatMessage | null>;
  /** The question's learning event (streaks, challenges), recorded meanwhile. */
  learning: Promise<void>;
};

/**
 * Starts the tutor's reply to a learner's message: checks the course is theirs to see, counts
 * the message against their rate limit (before anything is stored), stores the question, and
 * waits for the reply's first piece, so a tutor that fails before saying anything fails here,
 * as a plain error (the question stays in the history, as it was asked).
 */
export async function startChatReply(
  db: DbClient,
  { courseId, userId, content, mode = "explain", timeZone, atSeconds }: ChatReplyRequest,
  answer: ChatAnswerer,
  signal: AbortSignal,
): Promise<ChatReply> {
  const course = await getCourseOrThrow(db, { courseId, userId });
  await consumeLimit(LIMITS.chatMessagesPerUser, String(userId));
  const history = await selectNewestTurns(db, { courseId, userId, limit: HISTORY_MAX_MESSAGES });
  const question = toChatMessage(await insertMessage(db, { userId, courseId, role: "user", content }));
  // Streaks and challenges stay out of the answer's way: recorded while the tutor writes (this never throws).
  const learning = recordLearningEvents(db, [{ userId, type: "chat_question", subjectKey: String(question.id), timeZone }]);
  const reply = answer(db, { course, question: content, mode, history: history.reverse(), atSeconds }, signal)[Symbol.asyncIterator]();
  const first = await reply.next();
  async function* pieces(): AsyncGenerator<string> {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await reply.next(); !next.done; next = await reply.next()) yield next.value;
    } finally {
      // A reader that leaves early ends the tutor too (its model call is aborted).
      await reply.return?.(undefined);
    }
  }
  const save = async (text: string) => {
    const stored = text.trim();
    if (!stored) return null;
    return toChatMessage(await insertMessage(db, { userId, courseId, role: "assistant", content: stored }));
  };
  return { question, pieces: pieces(), signal, save, learning };
}

export type ReplyOutcome =
  | { status: "complete"; message: ChatMessage }
  | { status: "stopped"; message: ChatMessage | null }
  | { status: "failed"; message: ChatMessage | null; error: AppError };

/**
 * Runs a started reply to its end, handing each piece to `onPiece` as it comes, and stores what
 * was said whatever happens: all of it; as much as was said before the learner stopped it; or,
 * when the AI service broke off, what was said with a note that it was cut off (the note goes
 * to `onPiece` too, so the stored reply is the one the learner saw).
 */
export async function finishChatReply(reply: ChatReply, onPiece: (piece: string) => void = () => undefined): Promise<ReplyOutcome> {
  const outcome = await streamReply(reply, onPiece);
  await reply.learning;
  return outcome;
}

async function streamReply(reply: ChatReply, onPiece: (piece: string) => void): Promise<ReplyOutcome> {
  let said = "";
  let failure: AppError | null = null;
  try {
    for await (const piece of reply.pieces) {
      said += piece;
      onPiece(piece);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    failure = error;
  }
  if (reply.signal.aborted) return { status: "stopped", message: await reply.save(said) };
  if (failure) {
    const note = `${said.trim() ? "\n\n" : ""}*(The answer was cut off: ${failure.message})*`;
    onPiece(note);
    return { status: "failed", message: await reply.save(said + note), error: failure };
  }
  const message = await reply.save(said);
  if (!message) throw new Error("the tutor finished without a reply"); // the tutors always say something
  return { status: "complete", message };
}

/**
 * POST /api/courses/{id}/chat: stores the learner's message and the tutor's whole reply, and
 * returns the reply. When the AI service fails, the question stays in the history, anything
 * already said is kept with a note, and the error says why.
 */
export async function sendChatMessage(db: DbClient, request: ChatReplyRequest, answer: ChatAnswerer = defaultChatAnswerer()): Promise<ChatMessage> {
  const reply = await startChatReply(db, request, answer, new AbortController().signal);
  const outcome = await finishChatReply(reply);
  if (outcome.status === "failed") throw outcome.error;
  if (outcome.status !== "complete") throw new AppError("SERVICE_UNAVAILABLE", "The reply was interrupted. Please try again.");
  return outcome.message;
}

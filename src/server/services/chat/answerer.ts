import type { CourseDetail } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";
import { type TutorMode } from "~/lib/rules/chat";

export type AnswerRequest = {
  course: CourseDetail;
  question: string;
  mode: TutorMode;
  history: { role: "user" | "assistant"; content: string }[];
  /** The moment of the video the learner is asking about ('Ask about this moment'), in seconds. */
  atSeconds?: number;
};

/**
 * Writes the tutor's reply to a question about a course, given the conversation before it, as
 * text pieces in order. Ends early, quietly, when `signal` aborts; a failure of the AI service
 * is an AppError (429 / 503) with a message the page can show.
 */
export type ChatAnswerer = (db: DbClient, request: AnswerRequest, signal: AbortSignal) => AsyncIterable<string>;

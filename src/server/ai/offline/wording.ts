/**
 * The sentences the offline engine writes around the video's own words, in the transcript's
 * language (its pack's wording): a quiz's questions, explanations, title and description, and a
 * course's description. A language without a pack gets the English. The app's interface text
 * stays English.
 */
import { hasFinalPunctuation } from "~/lib/sentences";

import { packFor } from "~/server/language/language-packs";
import type { CourseWording, QuizWording, TutorWording } from "~/server/language/pack";

/** A quiz's wording in a language (English when there is none for it). */
export function quizWording(language: string): QuizWording {
  return packFor(language).quiz;
}

/** The sentence of a course description that names the video and lists the chapters, ended by the script's full stop. */
export function courseFollowsSentence(videoTitle: string | null, chapterTitles: readonly string[], language: string): string {
  return followsSentence(packFor(language).course, videoTitle, chapterTitles, language);
}

function followsSentence(wording: CourseWording, title: string | null, items: readonly string[], language: string): string {
  return endSentence(wording.follows(title, items.length, items.join(wording.separator)), language);
}

/** A sentence ended by its final punctuation: the language's full stop when it has none (a trailing comma or colon gives way to it). */
export function endSentence(sentence: string, language: string): string {
  const text = sentence.trim();
  if (text === "" || hasFinalPunctuation(text)) return text;
  return `${text.replace(/[\s,;:、，،؛：；]+$/u, "")}${packFor(language).fullStop}`;
}

/** Sentences as one text, each ended by its final punctuation; no space after a full-width full stop (Chinese, Japanese). */
export function joinSentences(sentences: readonly (string | null | undefined)[], language: string): string {
  const ended = sentences.map((sentence) => endSentence(sentence ?? "", language)).filter(Boolean);
  return ended.reduce((text, sentence) => (text === "" ? sentence : `${text}${/[。！？」』）]$/u.test(text) ? "" : " "}${sentence}`), "");
}

/** The offline tutor's wording in a language (English when there is none for it). */
export function tutorWording(language: string): TutorWording {
  return packFor(language).tutor;
}

/** The description of a course from a playlist: the playlist and its videos, ended by the script's full stop. */
export function playlistFollowsSentence(playlistTitle: string, videoTitles: readonly string[], language: string): string {
  return followsSentence(packFor(language).playlist, playlistTitle, videoTitles, language);
}

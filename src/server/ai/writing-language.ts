import { languageName } from "~/lib/languages";

/**
 * The prompt line that sets the language of everything a model writes for a course: the course
 * language, whatever the transcript's. Quotes from the transcript stay as spoken.
 */
export function writingLanguageLine(language: string | undefined): string {
  if (!language) return "";
  return `Write every text you produce (titles, summaries, lessons, questions, options, explanations) in ${languageName(language)} (${language}), whatever the language of the transcript.`;
}

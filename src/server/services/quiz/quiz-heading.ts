import { quizWording } from "~/server/ai/offline/wording";

/** The longest quiz title stored or shown. */
const TITLE_MAX = 200;

/**
 * A quiz's title and description as the learner reads them: worded in the course's language from
 * the section's title now and the number of questions the quiz holds now. Worded when read, not
 * when the quiz was written, so a rename, a deleted question or the open questions added after an
 * engine's own never leave a stale title or count.
 */
export function quizHeading(language: string, sectionTitle: string, questionCount: number): { title: string; description: string } {
  const wording = quizWording(language);
  return { title: wording.title(sectionTitle).slice(0, TITLE_MAX), description: wording.description(questionCount, sectionTitle) };
}

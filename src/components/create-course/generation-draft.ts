import { type CourseLanguage, isCourseLanguage } from "~/lib/languages";

import { type Complexity, isComplexity } from "./topic";

/** What the learner typed into the form; `language` is null until they pick one (the browser's is shown). */
export type CourseDraft = { topic: string; complexity: Complexity; additionalInstructions: string; language: CourseLanguage | null };

const KEY_PREFIX = "create-course-draft:";

/**
 * The form's content for a job, kept in this tab's session storage so that after a reload a
 * failed job still leaves the form filled for a retry. Storage may be unavailable (private
 * modes, quotas): then the form simply starts empty.
 */
export function saveDraft(jobId: string, draft: CourseDraft) {
  try {
    sessionStorage.setItem(KEY_PREFIX + jobId, JSON.stringify(draft));
  } catch {
    // Best effort.
  }
}

export function loadDraft(jobId: string): CourseDraft | null {
  try {
    return parseDraft(sessionStorage.getItem(KEY_PREFIX + jobId));
  } catch {
    return null;
  }
}

const FINISHED = "finished";

/**
 * Marks a job as handled in this tab (its toast shown, its course opened): going back to
 * /create-course?job=<id> then shows the form instead of replaying the redirect. The draft is
 * no longer needed.
 */
export function markJobFinished(jobId: string) {
  try {
    sessionStorage.setItem(KEY_PREFIX + jobId, FINISHED);
  } catch {
    // Best effort.
  }
}

export function isJobFinished(jobId: string): boolean {
  try {
    return sessionStorage.getItem(KEY_PREFIX + jobId) === FINISHED;
  } catch {
    return false;
  }
}

/** A stored draft, or null for anything that is not one (storage is not trusted input). */
export function parseDraft(raw: string | null): CourseDraft | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { topic, complexity, additionalInstructions, language } = value as Record<string, unknown>;
    if (typeof topic !== "string" || !isComplexity(complexity)) return null;
    return {
      topic,
      complexity,
      additionalInstructions: typeof additionalInstructions === "string" ? additionalInstructions : "",
      language: typeof language === "string" && isCourseLanguage(language) ? language : null,
    };
  } catch {
    return null;
  }
}

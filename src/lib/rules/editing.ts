/** Editing a course in place: the limits an owner's edit keeps to and the words the server and the editor say. Zod-free: the course page imports it. */

export const MIN_SECTION_SECONDS = 15;
export const SECTION_CONTENT_MAX_LENGTH = 20_000;
export const COURSE_TITLE_MAX_LENGTH = 200;
export const COURSE_DESCRIPTION_MAX_LENGTH = 2_000;
export const REGENERATE_INSTRUCTIONS_MAX_LENGTH = 500;

export const EDIT_MESSAGES = {
  notFound: "Course Not Found",
  sectionNotFound: "Section not found",
  chapterNotFound: "Chapter not found",
  questionNotFound: "Question not found",
  versionNotFound: "That version of the course does not exist",
  stale: "This course was changed elsewhere. Reload to see the changes, then edit again.",
  tooShort: `A section must be at least ${MIN_SECTION_SECONDS} seconds long`,
  ownVideo: "A section stays inside its own video",
  splitPlace: `Split at least ${MIN_SECTION_SECONDS} seconds after the section starts and before it ends`,
  lastOfChapter: "This is the last section of its chapter: there is no next section to merge it with",
  twoVideos: "Sections of two different videos cannot be merged",
  nothingToChange: "Nothing to change: send at least one field",
  mergedTooLong: `The two sections' contents together pass ${SECTION_CONTENT_MAX_LENGTH.toLocaleString("en-US")} characters: shorten one of them first`,
  restoreGone: "That version can no longer be restored",
} as const;

/** Regenerations one owner may have queued or running at once. */
export const MAX_ACTIVE_REGENERATIONS = 3;

export const REGENERATION_MESSAGES = {
  busy: "This section is already being regenerated",
  tooMany: `You already have ${MAX_ACTIVE_REGENERATIONS} sections being regenerated. Please wait for one to finish.`,
  notFound: "Regeneration not found",
  gone: "The section was changed before its new version was ready",
  noTranscript: "This course has no transcript to write the section from",
} as const;

/** Notes: the limits the server enforces, the composer checks first, and the words both say. Zod-free: pages import it. */

export const NOTE_TEXT_MAX_LENGTH = 5_000;
export const MAX_NOTES_PER_COURSE = 2_000;

export const NOTE_MESSAGES = {
  limit: `You can keep at most ${MAX_NOTES_PER_COURSE.toLocaleString("en-US")} notes on one course`,
  outsideVideo: "The note's time must be inside the video",
  noVideo: "This course has no video to take notes on",
  notFound: "Note not found",
} as const;

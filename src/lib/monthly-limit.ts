/**
 * The spec's words for a free learner who has used the month's course (error catalogue). Pure
 * text, shared by the server (the 403 it answers) and the browser (the toast it shows), so both
 * always say the same thing.
 */
export const MONTHLY_LIMIT_TITLE = "Monthly course limit reached";
export const MONTHLY_LIMIT_MESSAGE = "You've reached your monthly limit of 1 course. Upgrade to Premium for unlimited courses.";

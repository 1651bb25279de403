/** Classes and assignments: the limits the server enforces and the class pages' forms check first (no zod here: the pages import it). */

export const CLASS_NAME_MAX_LENGTH = 100;
export const MAX_CLASS_MEMBERS = 1_000;
export const MAX_OWNED_CLASSES = 50;
export const INVITE_DEFAULT_DAYS = 14;
export const INVITE_MAX_DAYS = 90;
/** Longer than any code the app makes (22 characters); a longer one is refused before any lookup. */
export const INVITE_CODE_MAX_LENGTH = 64;

export const ASSIGNMENT_NOTE_MAX_LENGTH = 1_000;
/** Keeps a class's dashboard and export bounded (the budget is measured on 20). */
export const MAX_CLASS_ASSIGNMENTS = 100;

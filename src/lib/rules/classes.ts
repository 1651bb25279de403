/** Classes and assignments: the limits the server enforces, the forms check first, and the words both say. Zod-free: pages import it. */

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

export const CLASS_MESSAGES = {
  notFound: "Class not found",
  memberNotFound: "Member not found",
  inviteUnknown: "This invitation is not valid. It may have been replaced with a new one: ask your teacher for the current link.",
  inviteExpired: "This invitation has expired. Ask your teacher for a new link.",
  inviteRevoked: "This invitation was revoked. Ask your teacher for a new link.",
  archived: "This class is archived: it takes no new members and cannot be changed until it is unarchived.",
  full: `This class is full: a class holds at most ${MAX_CLASS_MEMBERS.toLocaleString("en-US")} members.`,
  ownedLimit: `You can own at most ${MAX_OWNED_CLASSES} classes. Delete one you no longer need first.`,
  ownerOnly: "Only the class's owner can do this.",
  teachersOnly: "Only the class's owner and teachers can do this.",
  teacherRemovesTeacher: "Only the class's owner can remove a teacher.",
  ownerStays: "The owner cannot leave or be removed: delete the class instead.",
  ownerRole: "The owner's role cannot be changed.",
} as const;

export const ASSIGNMENT_MESSAGES = {
  notFound: "Assignment not found",
  courseNotFound: "Course not found: assign a finished course of your own, or a public one",
  duplicate: "This course is assigned to the class already",
  tooMany: `A class can hold at most ${MAX_CLASS_ASSIGNMENTS} assignments. Delete one it no longer needs first.`,
} as const;

/** LTI 1.3 (docs/lti.md): how long each step of a launch lasts, the sizes accepted, and the words of a refusal. Zod-free. */

/** A login initiation's state and nonce are good for this long: the platform answers within seconds. */
export const LTI_LOGIN_TTL_MS = 10 * 60_000;
/** An accepted launch (the deep-linking picker, later grade passback) is kept this long. */
export const LTI_LAUNCH_TTL_MS = 60 * 60_000;
/** Clock difference allowed between the platform and this server on `iat`, `exp` and `nbf`. */
export const LTI_CLOCK_SKEW_SECONDS = 60;
/** The largest form a platform may post (an id_token with long claims fits well within it). */
export const LTI_MAX_FORM_BYTES = 64 * 1024;
/** Any claim string longer than this is refused: ids, names and URLs are far shorter. */
export const LTI_MAX_CLAIM_LENGTH = 2_048;
/** The identifiers kept in columns (issuer, client id, deployment, context, subject). */
export const LTI_MAX_ID_LENGTH = 255;

/** The origins one registration may name as frame ancestors (a school's LMS domains). */
export const LTI_MAX_FRAME_ORIGINS = 5;
/** The cookie a launch sets: which origins may frame this browser's pages of the session it signed in (server/lti/frame-cookie.ts). */
export const LTI_FRAME_COOKIE = "coursecraft-lti-frame";
/** How long the pages of a session a launch signed in may be framed by its platform; every launch starts it again. */
export const LTI_FRAME_TTL_MS = 12 * 60 * 60_000;
/** The picker lists at most this many of the teacher's own courses, and of public ones per search. */
export const LTI_PICKER_OWN_LIMIT = 200;
export const LTI_PICKER_PUBLIC_LIMIT = 30;
/** The longest search the picker sends. */
export const LTI_PICKER_QUERY_MAX_LENGTH = 100;

export const LTI_MESSAGES = {
  unknownPlatform: "This learning platform is not registered with CourseCraft. Ask your administrator to add it.",
  ambiguousPlatform: "Several registrations share this issuer: the platform must send its client_id.",
  badLogin: "This login request is missing what LTI 1.3 requires (iss, login_hint, target_link_uri).",
  launchRefused: "This launch could not be verified. Open CourseCraft again from your course.",
  notASite: "The target link is not on this site.",
  launchNotFound: "This launch is not yours or has expired. Open CourseCraft again from your course.",
  courseNotFound: "Course not found, or not one you can link: pick a ready course of yours or a public one.",
  launchExpired: "This link request has expired. Close this window and add CourseCraft from your course again.",
  launchUsed: "A course was already added from this link request. Close this window, or add CourseCraft from your course again to add another.",
} as const;

/** The points every CourseCraft line item is out of (the deep-linking answer's lineItem, every score). */
export const LTI_SCORE_MAXIMUM = 100;
/** The most memberships a roster sync reads (a class holds at most 1,000 members; a page more for teachers and leavers). */
export const LTI_ROSTER_MAX_MEMBERS = 5_000;
/** The most pages of memberships a roster sync follows (rel="next"), whatever the platform's page size. */
export const LTI_ROSTER_MAX_PAGES = 50;

export const LTI_ROSTER_MESSAGES = {
  notLinked: "This class was not made from an LMS course that shares its roster. Open CourseCraft from the LMS course first.",
  platformFailed: "The LMS did not answer with the roster. Try again in a minute.",
  full: "The roster has more learners than a class can hold; the first ones were added.",
} as const;

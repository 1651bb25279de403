/** Personal API tokens: the rules the server enforces and the /account form offers (no zod here: the page imports it). */

/** The most tokens a learner may have that are neither revoked nor expired. */
export const MAX_ACTIVE_API_TOKENS = 20;
export const API_TOKEN_NAME_MAX_LENGTH = 100;
export const API_TOKEN_MAX_EXPIRY_DAYS = 365;
/** The expiry choices the /account form offers, in days (null: never); the API takes any whole number of days in range. */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365, null] as const;

/** What a personal API token looks like: "cc_pat_" and 32 random bytes in base64url (43 characters). */
export const API_TOKEN_PATTERN = /^cc_pat_[A-Za-z0-9_-]{43}$/;

/** Personal API tokens: the limits the server enforces, the /account form offers, and the words both say. Zod-free: the page imports it. */

/** The most tokens a learner may have that are neither revoked nor expired. */
export const MAX_ACTIVE_API_TOKENS = 20;
export const API_TOKEN_NAME_MAX_LENGTH = 100;
export const API_TOKEN_MAX_EXPIRY_DAYS = 365;
/** The expiry choices the /account form offers, in days (null: never); the API takes any whole number of days in range. */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365, null] as const;

/** What a personal API token looks like: "cc_pat_" and 32 random bytes in base64url (43 characters). */
export const API_TOKEN_PATTERN = /^cc_pat_[A-Za-z0-9_-]{43}$/;

export const API_TOKEN_MESSAGES = {
  invalid: "This API token is not valid. Send a token created on your account page as `Authorization: Bearer cc_pat_…`.",
  revoked: "This API token has been revoked.",
  expired: "This API token has expired.",
  sessionOnly: "This action needs a signed-in browser session, not an API token.",
  limit: `You already have ${MAX_ACTIVE_API_TOKENS} active API tokens, the most allowed. Revoke one before creating another.`,
  notFound: "API token not found.",
} as const;

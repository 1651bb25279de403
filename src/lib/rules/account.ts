/** The address and forgotten passwords: link lifetimes, limits and the words the server and pages say. Zod-free: pages import it. */

export const EMAIL_MAX_LENGTH = 254;
/** A verification link works for 24 hours, a password-reset link for 30 minutes; each once. */
export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  emailLines: "The email address must be on one line",
  emailTaken: "Another account has already verified this address",
  invalidLink: "This link is not valid, has expired or was already used. Ask for a new one.",
  addressChanged: "This link is for an address this account no longer uses",
  alreadyVerified: "This address is already verified",
  noAddress: "This account has no email address",
  resetAccepted: "If an account matches, we have sent a link to its verified email address. It works for 30 minutes.",
  verifyAccepted: "We have sent a link to this address. It works for 24 hours.",
} as const;

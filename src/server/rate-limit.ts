import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";

import { env } from "~/env";
import { getPool } from "~/server/db";
import { AppError } from "~/server/errors";

/**
 * Rate limits kept in PostgreSQL (table rate_limits, created by the migrations): one atomic
 * upsert per hit, so concurrent requests cannot slip past a limit, and every app instance
 * shares the counters.
 *
 * A limit per client address must not stop a class: thirty learners behind one school address
 * sign in, register and use their tokens at the same minute. So an address limit counts failures
 * only (a success gives its point back), or allows a burst a class fits in (registration).
 * docs/features/rate-limits.md lists every limit, its key and why its numbers.
 */
export type LimitRule = { keyPrefix: string; points: number; durationSeconds: number; message: string };

export const LIMITS = {
  /**
   * Failed sign-ins from one address across accounts. A class of 40 mistyping twice each stays
   * well under; a script trying many usernames is stopped at 100 within 15 minutes.
   */
  loginFailuresPerIp: {
    keyPrefix: "login-fail-ip",
    points: 100,
    durationSeconds: 15 * 60,
    message: "Too many failed login attempts from this address. Please wait and try again.",
  },
  /** Failed sign-ins to one account from any address; a successful sign-in clears them. */
  loginAttemptsPerUsername: {
    keyPrefix: "login-user",
    points: 10,
    durationSeconds: 15 * 60,
    message: "Too many failed login attempts for this account. Please wait and try again.",
  },
  passwordChangePerUser: {
    keyPrefix: "password-change",
    points: 5,
    durationSeconds: 15 * 60,
    message: "Too many password change attempts. Please wait and try again.",
  },
  chatMessagesPerUser: {
    keyPrefix: "chat-user",
    points: 20,
    durationSeconds: 60,
    message: "You are sending messages too quickly. Please wait a moment and try again.",
  },
  /**
   * The two downloads, each file built in memory: GET /api/courses/{id}/export (Markdown) and
   * GET /api/cards/export (an Anki deck or TSV), 20 a minute each per learner (a HEAD builds the
   * file too, and counts). A learner downloading a course, its deck and its TSV a few times over
   * is not stopped; a script looping on them is.
   */
  courseExportsPerUser: {
    keyPrefix: "export-course-user",
    points: 20,
    durationSeconds: 60,
    message: "You are downloading exports too quickly. Please wait a moment and try again.",
  },
  cardExportsPerUser: {
    keyPrefix: "export-cards-user",
    points: 20,
    durationSeconds: 60,
    message: "You are downloading exports too quickly. Please wait a moment and try again.",
  },
  /** GET /api/classes/{id}/export: a class's CSV, 20 a minute per teacher, as the other downloads. */
  classExportsPerUser: {
    keyPrefix: "export-class-user",
    points: 20,
    durationSeconds: 60,
    message: "You are downloading exports too quickly. Please wait a moment and try again.",
  },
  /**
   * Bearer requests whose token is malformed, unknown, revoked or expired, per client address: a
   * script guessing is refused, while a valid token from that address keeps working.
   */
  apiTokenFailuresPerIp: {
    keyPrefix: "api-token-ip",
    points: 30,
    durationSeconds: 15 * 60,
    message: "Too many requests with an invalid API token from this address. Please wait and try again.",
  },
  /** Counts only codes that fail, so a learner who mistypes once is not blocked, and guessing is. */
  couponFailuresPerUser: { keyPrefix: "coupon-user", points: 10, durationSeconds: 15 * 60, message: "Too many coupon attempts. Please wait and try again." },
  /**
   * Class invitations that fail (unknown, expired or revoked codes, on the join screen or on
   * joining), per learner and per address: codes cannot be guessed, and a classroom behind one
   * address joining at once is not stopped, since a code that works does not count.
   */
  classJoinFailuresPerUser: {
    keyPrefix: "class-join-user",
    points: 10,
    durationSeconds: 15 * 60,
    message: "Too many invalid invite codes. Please wait and try again.",
  },
  classJoinFailuresPerIp: {
    keyPrefix: "class-join-ip",
    points: 30,
    durationSeconds: 15 * 60,
    message: "Too many invalid invite codes from this address. Please wait and try again.",
  },
  /** PATCH /api/user/email and "send the link again": each sends a mail, so a learner gets 5 an hour. */
  verificationMailsPerUser: {
    keyPrefix: "verify-mail-user",
    points: 5,
    durationSeconds: 60 * 60,
    message: "Too many verification emails. Please wait and try again.",
  },
  /**
   * POST /api/auth/password-reset per client address, and per account (its id; the identifier
   * typed when none matches). The answer is the same whether an account matches, so every request
   * counts: 60 an hour lets a class of 30 ask twice each, and the per-account 5 stops mail bombing.
   */
  passwordResetPerIp: {
    keyPrefix: "reset-ip",
    points: 60,
    durationSeconds: 60 * 60,
    message: "Too many password reset requests from this address. Please wait and try again.",
  },
  passwordResetPerAccount: {
    keyPrefix: "reset-account",
    points: 5,
    durationSeconds: 60 * 60,
    message: "Too many password reset requests for this account. Please wait and try again.",
  },
  /** Links that fail (verify, reset confirm) per client address: a token cannot be guessed anyway, a script is stopped. */
  emailLinkFailuresPerIp: {
    keyPrefix: "email-link-fail-ip",
    points: 30,
    durationSeconds: 15 * 60,
    message: "Too many attempts with email links from this address. Please wait and try again.",
  },
  /**
   * Registrations per address: a burst a class registering from an invitation fits in (100 in
   * ten minutes), and an hourly ceiling (200) that stops a script making accounts by the hundred.
   */
  registerBurstPerIp: {
    keyPrefix: "register-burst-ip",
    points: env.REGISTER_LIMIT_PER_TEN_MINUTES,
    durationSeconds: 10 * 60,
    message: "Too many accounts created from this address. Please try again later.",
  },
  registerPerIp: {
    keyPrefix: "register-ip",
    points: env.REGISTER_LIMIT_PER_HOUR,
    durationSeconds: 60 * 60,
    message: "Too many accounts created from this address. Please try again later.",
  },
} satisfies Record<string, LimitRule>;

const limiters = new Map<string, RateLimiterPostgres>();

function limiterFor(rule: LimitRule): RateLimiterPostgres {
  let limiter = limiters.get(rule.keyPrefix);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: getPool(),
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: rule.keyPrefix,
      points: rule.points,
      duration: rule.durationSeconds,
    });
    limiters.set(rule.keyPrefix, limiter);
  }
  return limiter;
}

/** Counts one hit against `key`; over the limit it throws TOO_MANY_REQUESTS with a retry time. */
export async function consumeLimit(rule: LimitRule, key: string): Promise<void> {
  try {
    await limiterFor(rule).consume(key.toLowerCase().slice(0, 200));
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw new AppError("TOO_MANY_REQUESTS", rule.message, { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) });
    }
    throw error;
  }
}

/** Throws TOO_MANY_REQUESTS when `key` has used up the rule's points, without counting a hit. */
export async function assertUnderLimit(rule: LimitRule, key: string): Promise<void> {
  const state = await limiterFor(rule).get(key.toLowerCase().slice(0, 200));
  if (state && state.consumedPoints >= rule.points) {
    throw new AppError("TOO_MANY_REQUESTS", rule.message, { retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) });
  }
}

/** Gives back the point a successful attempt took, so only failures count against `key`. */
export async function refundLimit(rule: LimitRule, key: string): Promise<void> {
  await limiterFor(rule).reward(key.toLowerCase().slice(0, 200), 1);
}

/**
 * Runs `attempt` when `key` is under the limit and counts a point only when it fails (anything
 * thrown). For secrets nobody can guess (links, tokens), where the limit stops a script's load:
 * parallel failures may pass it by the number in flight, and parallel successes never count.
 */
export async function countingFailures<T>(rule: LimitRule, key: string, attempt: () => Promise<T>): Promise<T> {
  await assertUnderLimit(rule, key);
  try {
    return await attempt();
  } catch (error) {
    await consumeLimit(rule, key).catch(() => undefined);
    throw error;
  }
}

export async function resetLimit(rule: LimitRule, key: string): Promise<void> {
  await limiterFor(rule).delete(key.toLowerCase().slice(0, 200));
}

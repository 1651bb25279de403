import type { DbClient } from "../client";
import type { SqlClient } from "../sql-transaction";
import { queryRows } from "./run";

/**
 * The first key of every advisory lock the app takes (the second is a user or worker id), in
 * one table so that two uses can never share a space.
 */
export const LOCK_SPACES = {
  /** Serialises a learner's plan changes (Stripe webhooks, coupons). */
  plan: 7_301,
  /** Serialises a learner's learning events, streaks and badges. */
  learning: 7_302,
  /** Serialises a learner's API token creation (the per-learner limit). */
  apiTokens: 7_303,
  /** Serialises a learner's card creation (the per-learner limit of cards). */
  cards: 7_304,
  /** Serialises a learner's note creation (the per-course limit). */
  notes: 7_305,
  /** Serialises a learner's class creation (the per-learner limit of owned classes). */
  classes: 7_306,
  /** Retired: the first launches of one LTI platform user once took it; one statement makes their account now (queries/lti.ts). Kept so that the number is not reused. */
  ltiIdentity: 7_307,
  /** Serialises the first launches from one LTI context (one class however many launches meet). */
  ltiContext: 7_308,
  /** Serialises the first sign-ins of one school (OpenID Connect) identity (one account however many meet). */
  oidcIdentity: 7_309,
  /** A generation worker's liveness lock, held for its session ("gen1"). */
  workerLiveness: 0x67656e31,
} as const;

/** Waits for, then holds until the transaction ends, the learner's lock in `space` (in Prisma's transaction or a SqlTransaction). */
export async function lockUser(tx: SqlClient, space: Exclude<keyof typeof LOCK_SPACES, "workerLiveness">, userId: number): Promise<void> {
  await queryRows(tx, `SELECT 1 FROM pg_advisory_xact_lock($1::int, $2::int)`, [LOCK_SPACES[space], userId], "lock-user");
}

/** Waits for, then holds until the transaction ends, the lock of a text key in `space` (its hash: two keys may share a lock, never a space). */
export async function lockKey(tx: DbClient, space: "ltiContext" | "oidcIdentity", key: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(${LOCK_SPACES[space]}::int, hashtext(${key}))`;
}

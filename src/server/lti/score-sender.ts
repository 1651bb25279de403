import { LTI_SCORE_MAXIMUM } from "~/lib/rules/lti";
import type { DbClient } from "~/server/db/client";
import { claimDueScores, type ClaimedScore, markScoreSent, msUntilNextScore, recordScoreFailure } from "~/server/db/queries/lti-grades";
import { startPollLoop } from "~/server/jobs/poll-loop";
import { logger } from "~/server/logger";

import { forgetAccessToken, platformAccessToken, TokenRefused } from "./access-token";
import { LTI_SCOPE } from "./claims";

/**
 * The score sender (AGS): runs in every server process and drains LtiScore, the queue that quiz
 * attempts and finished courses fill (grades.ts). A row is claimed with a lease (SKIP LOCKED, so
 * two processes never post one row at once) and posted to `{lineitem}/scores` with a bearer token
 * (access-token.ts). Its report is fenced by the claim: a sender whose lease ran out changes
 * nothing. A newer score that arrived while a row was being posted is queued again at once, so
 * the platform's last word is always the newest score.
 *
 * A failure (unreachable, 429, 5xx, a token refused) is retried after 10 s, 20 s, 40 s, … capped at
 * an hour (each ±20 %); the MAX_ATTEMPTS-th failure in a row, about eight hours on, fails the row
 * until the learner's next score. A 401 on the post forgets the token and retries. Any other 4xx
 * (a line item deleted, a score refused) fails the row at once.
 */
const MAX_ATTEMPTS = 15;
const BASE_RETRY_MS = 10_000;
const MAX_RETRY_MS = 60 * 60_000;
const LEASE_MS = 60_000;
const POLL_MS = 10_000;
const BATCH = 100;
const CONCURRENCY = 8;
const POST_TIMEOUT_MS = 15_000;
const SCORE_CONTENT_TYPE = "application/vnd.ims.lis.v1.score+json";

export type ScoreSenderOptions = {
  maxAttempts?: number;
  /** The first retry's delay; each later one doubles it, up to maxRetryMs. */
  baseRetryMs?: number;
  maxRetryMs?: number;
  leaseMs?: number;
  /** The longest wait between two looks at the queue when nothing wakes the sender. */
  pollMs?: number;
  batch?: number;
  /** Scores posted at once. */
  concurrency?: number;
  /** false: no loop of its own, only `drain` when called (tests). */
  loop?: boolean;
};

export type ScoreSender = {
  /** Look at the queue now (a score was just queued in this process). */
  wake(): void;
  /** Posts what is due now, until nothing is; the number of scores the platforms took. */
  drain(): Promise<number>;
  stop(): Promise<void>;
};

/** The delay before attempt `attempt + 1`, after `attempt` failures in a row. */
export function scoreRetryDelayMs(attempt: number, { base = BASE_RETRY_MS, max = MAX_RETRY_MS, random = Math.random } = {}): number {
  const delay = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/** The AGS score document (application/vnd.ims.lis.v1.score+json) of a queued score. */
export function scoreDocument(score: Pick<ClaimedScore, "subject" | "scoreGiven" | "activityProgress" | "gradingProgress" | "scoredAt">) {
  return {
    userId: score.subject,
    ...(score.scoreGiven !== null && { scoreGiven: score.scoreGiven, scoreMaximum: LTI_SCORE_MAXIMUM }),
    activityProgress: score.activityProgress,
    gradingProgress: score.gradingProgress,
    timestamp: score.scoredAt,
  };
}

/** `{lineitem}/scores`: the path gains `/scores`, the query stays (AGS 2.0, 3.4). */
export function scoresUrl(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, "")}/scores`;
  return url.toString();
}

class PostFailed extends Error {
  override readonly name = "PostFailed";
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
  }
}

export function startScoreSender(db: DbClient, options: ScoreSenderOptions = {}): ScoreSender {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const batch = options.batch ?? BATCH;
  const concurrency = options.concurrency ?? CONCURRENCY;

  async function post(score: ClaimedScore, retriedToken = false): Promise<void> {
    const platform = { platformId: score.platformId, clientId: score.clientId, tokenUrl: score.tokenUrl };
    let token: string;
    try {
      token = await platformAccessToken(db, platform, LTI_SCOPE.score);
    } catch (error) {
      // A platform that refuses the tool's credentials outright (400/401) may be fixed by its admin: retried like an outage.
      throw new PostFailed(error instanceof TokenRefused ? error.message : String(error), false);
    }
    let response: Response;
    try {
      response = await fetch(scoresUrl(score.lineItemUrl), {
        method: "POST",
        headers: { "Content-Type": SCORE_CONTENT_TYPE, Authorization: `Bearer ${token}` },
        body: JSON.stringify(scoreDocument(score)),
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
        redirect: "error",
      });
    } catch (error) {
      throw new PostFailed(`unreachable: ${error instanceof Error ? error.message : String(error)}`, false);
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) return;
    if (response.status === 401 && !retriedToken) {
      await forgetAccessToken(db, platform, LTI_SCOPE.score, token);
      return post(score, true);
    }
    const retryable = response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500;
    throw new PostFailed(`the platform answered ${response.status}`, !retryable);
  }

  async function sendOne(score: ClaimedScore): Promise<boolean> {
    try {
      await post(score);
    } catch (error) {
      const failed = error instanceof PostFailed ? error : new PostFailed(String(error), false);
      const attempt = score.attempts + 1;
      const retryInMs = failed.final || attempt >= maxAttempts ? null : scoreRetryDelayMs(attempt, { base: options.baseRetryMs, max: options.maxRetryMs });
      await recordScoreFailure(db, { id: score.id, claim: score.claim, version: score.version, error: failed.message, retryInMs });
      logger.warn(retryInMs === null ? "lti score failed for good" : "lti score not sent, will retry", {
        id: score.id,
        attempt,
        retryInMs,
        error: failed.message,
      });
      return false;
    }
    await markScoreSent(db, { id: score.id, claim: score.claim, version: score.version });
    return true;
  }

  async function sendBatch(scores: ClaimedScore[]): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let next = 0;
    const lanes = Array.from({ length: Math.min(concurrency, scores.length) }, async () => {
      while (next < scores.length) {
        const score = scores[next++]!;
        if (await sendOne(score)) sent++;
      }
    });
    await Promise.all(lanes);
    return { sent, failed: scores.length - sent };
  }

  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const scores = await claimDueScores(db, { limit: batch, leaseMs });
      if (scores.length === 0) return sent;
      const result = await sendBatch(scores);
      sent += result.sent;
      // Failures end the pass: the loop waits until the next attempt is due.
      if (result.failed > 0) return sent;
    }
  }

  const loop = startPollLoop({ name: "lti score sender", pollMs, enabled: options.loop !== false, pass: drain, msUntilNext: () => msUntilNextScore(db) });

  return {
    wake: loop.wake,
    drain,
    async stop() {
      await loop.stop();
    },
  };
}

const globalForScores = globalThis as unknown as { ltiScoreSender?: ScoreSender };

/** Starts this process's score sender once (instrumentation.ts, beside the mail sender). */
export function ensureScoreSender(db: DbClient): ScoreSender {
  globalForScores.ltiScoreSender ??= startScoreSender(db);
  return globalForScores.ltiScoreSender;
}

export async function stopScoreSender(): Promise<void> {
  const sender = globalForScores.ltiScoreSender;
  delete globalForScores.ltiScoreSender;
  await sender?.stop();
}

/** Tells this process's sender that a score was queued (after the transaction that queued it). */
export function wakeScoreSender(): void {
  globalForScores.ltiScoreSender?.wake();
}

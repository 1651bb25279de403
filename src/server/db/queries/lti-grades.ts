import type { DbClient } from "../client";
import type { SqlClient } from "../sql-transaction";
import { outlineSectionIdsSql } from "./course";
import { execute, isoText, queryRows, utcParam } from "./run";

/**
 * LTI Advantage grades (docs/lti.md): each learner's line item per resource link (LtiLineItem),
 * the score owed to each line item and learner (LtiScore, the score sender's queue) and the
 * platforms' access tokens (LtiAccessToken).
 */

export type LineItemClaim = {
  platformId: number;
  resourceLinkId: string;
  userId: number;
  subject: string;
  courseId: number | null;
  lineItemUrl: string | null;
  lineItemKey: string | null;
  lineItemsUrl: string | null;
  scopes: string[];
};

/** Keeps what a learner's launch of a resource link said of its line item (the latest launch wins). */
export async function upsertLineItem(db: DbClient, item: LineItemClaim): Promise<void> {
  const { platformId, resourceLinkId, userId, ...rest } = item;
  await db.ltiLineItem.upsert({
    where: { platformId_resourceLinkId_userId: { platformId, resourceLinkId, userId } },
    create: item,
    update: { ...rest, updatedAt: new Date() },
  });
}

/**
 * The score rule, in one statement inside the caller's transaction (a quiz attempt's): for every
 * line item of the learner's that covers the course (with a line item URL and the score scope),
 * the score as of `at` replaces the one waiting, or is queued:
 * - scoreGiven: 100 × the mean credit of the learner's latest outcome on each question of the
 *   course they answered (the class dashboard's "quiz average"), 2 decimals; null when none;
 * - activityProgress: Completed when every section is completed, InProgress when some are, else Started;
 * - gradingProgress: FullyGraded when completed, else Pending.
 * A score older than the one stored is dropped (an attempt stored late). While a sender holds the
 * row it stays `sending`: the sender sees the new version when it reports and queues it again.
 * One line item URL shared by two of the learner's links is one row (DISTINCT ON).
 */
const QUEUE_SCORES_SQL = `
  WITH facts AS (
    SELECT
      (SELECT round((100 * avg(o.credit))::numeric, 2)::float8 FROM "QuestionOutcome" o WHERE o."userId" = $1::int AND o."courseId" = $2::int) AS average,
      (SELECT count(*)::int FROM "SectionCompletion" sc WHERE sc."userId" = $1::int AND sc."courseId" = $2::int
         AND sc."sectionId" IN ${outlineSectionIdsSql("= $2::int")}) AS done,
      (SELECT count(*)::int FROM ${outlineSectionIdsSql("= $2::int")} s) AS total
  ), items AS (
    SELECT DISTINCT ON (li."platformId", li."lineItemKey") li."platformId", li."lineItemKey", li."lineItemUrl", li.subject
    FROM "LtiLineItem" li
    WHERE li."userId" = $1::int AND li."courseId" = $2::int AND li."lineItemUrl" IS NOT NULL AND li."lineItemKey" IS NOT NULL AND $4 = ANY(li.scopes)
    ORDER BY li."platformId", li."lineItemKey", li."updatedAt" DESC
  )
  INSERT INTO "LtiScore" ("platformId", "lineItemKey", "lineItemUrl", "userId", subject, "courseId", "scoreGiven",
    "activityProgress", "gradingProgress", "scoredAt")
  SELECT i."platformId", i."lineItemKey", i."lineItemUrl", $1::int, i.subject, $2::int, f.average,
    CASE WHEN f.total > 0 AND f.done >= f.total THEN 'Completed' WHEN f.done > 0 THEN 'InProgress' ELSE 'Started' END,
    CASE WHEN f.total > 0 AND f.done >= f.total THEN 'FullyGraded' ELSE 'Pending' END,
    ${utcParam("$3")}
  FROM items i CROSS JOIN facts f
  ON CONFLICT ("platformId", "lineItemKey", "userId") DO UPDATE SET
    "lineItemUrl" = EXCLUDED."lineItemUrl", subject = EXCLUDED.subject, "courseId" = EXCLUDED."courseId",
    "scoreGiven" = EXCLUDED."scoreGiven", "activityProgress" = EXCLUDED."activityProgress",
    "gradingProgress" = EXCLUDED."gradingProgress", "scoredAt" = EXCLUDED."scoredAt",
    version = "LtiScore".version + 1,
    status = CASE WHEN "LtiScore".status = 'sending' THEN 'sending'::"LtiScoreStatus" ELSE 'queued'::"LtiScoreStatus" END,
    attempts = CASE WHEN "LtiScore".status IN ('sent', 'failed') THEN 0 ELSE "LtiScore".attempts END,
    "nextAttemptAt" = CASE WHEN "LtiScore".status IN ('sent', 'failed') THEN now() ELSE "LtiScore"."nextAttemptAt" END,
    "updatedAt" = now()
  WHERE "LtiScore"."scoredAt" <= EXCLUDED."scoredAt"`;

/** Queues the learner's score in the course for each of their line items covering it; how many were queued or replaced. */
export function queueCourseScores(
  tx: SqlClient,
  { userId, courseId, at, scope }: { userId: number; courseId: number; at: Date; scope: string },
): Promise<number> {
  return execute(tx, QUEUE_SCORES_SQL, [userId, courseId, at.toISOString(), scope]);
}

/** A claimed score: what the sender posts, where, with which platform's credentials, and the claim that fences its report. */
export type ClaimedScore = {
  id: number;
  claim: number;
  version: number;
  attempts: number;
  platformId: number;
  clientId: string;
  tokenUrl: string;
  lineItemUrl: string;
  subject: string;
  scoreGiven: number | null;
  activityProgress: string;
  gradingProgress: string;
  scoredAt: string;
};

/**
 * Takes up to `limit` due scores for this sender until its lease ends: queued ones whose time has
 * come, and ones a sender took and never reported (it died). SKIP LOCKED: two senders never take one row.
 */
const CLAIM_SCORES_SQL = `
  UPDATE "LtiScore" s SET status = 'sending', claims = s.claims + 1, "leaseUntil" = now() + $2::int * interval '1 millisecond'
  FROM "LtiPlatform" p
  WHERE p.id = s."platformId" AND s.id IN (
    SELECT id FROM "LtiScore"
    WHERE (status = 'queued' AND "nextAttemptAt" <= now()) OR (status = 'sending' AND "leaseUntil" < now())
    ORDER BY "nextAttemptAt" LIMIT $1::int FOR UPDATE SKIP LOCKED)
  RETURNING s.id, s.claims AS claim, s.version, s.attempts, s."platformId", p."clientId", p."tokenUrl", s."lineItemUrl", s.subject,
    s."scoreGiven", s."activityProgress", s."gradingProgress", ${isoText('s."scoredAt"')} AS "scoredAt"`;

export function claimDueScores(db: SqlClient, { limit, leaseMs }: { limit: number; leaseMs: number }): Promise<ClaimedScore[]> {
  return queryRows<ClaimedScore>(db, CLAIM_SCORES_SQL, [limit, leaseMs]);
}

/**
 * The platform took the claimed version: `sent`, unless a newer score arrived meanwhile, which is
 * queued at once. Only while the row is still this claim; false otherwise (a later claim owns it).
 */
export async function markScoreSent(db: SqlClient, { id, claim, version }: { id: number; claim: number; version: number }): Promise<boolean> {
  const changed = await execute(
    db,
    `UPDATE "LtiScore" SET status = CASE WHEN version = $3::int THEN 'sent'::"LtiScoreStatus" ELSE 'queued'::"LtiScoreStatus" END,
        "sentVersion" = $3::int, "sentAt" = now(), attempts = 0, "nextAttemptAt" = now(), "leaseUntil" = NULL, "lastError" = NULL, "updatedAt" = now()
      WHERE id = $1::int AND status = 'sending' AND claims = $2::int`,
    [id, claim, version],
  );
  return changed === 1;
}

/**
 * An attempt failed: queued again after `retryInMs`, or failed for good when `retryInMs` is null
 * (unless a newer score arrived meanwhile: that one is queued after the delay, or at once).
 */
export async function recordScoreFailure(
  db: SqlClient,
  { id, claim, version, error, retryInMs }: { id: number; claim: number; version: number; error: string; retryInMs: number | null },
): Promise<void> {
  await execute(
    db,
    `UPDATE "LtiScore" SET
        status = CASE WHEN $5::int IS NULL AND version = $3::int THEN 'failed'::"LtiScoreStatus" ELSE 'queued'::"LtiScoreStatus" END,
        attempts = CASE WHEN $5::int IS NULL AND version <> $3::int THEN 0 ELSE attempts + 1 END,
        "nextAttemptAt" = now() + COALESCE($5::int, 0) * interval '1 millisecond',
        "leaseUntil" = NULL, "lastError" = left($4, 2000), "updatedAt" = now()
      WHERE id = $1::int AND status = 'sending' AND claims = $2::int`,
    [id, claim, version, error, retryInMs],
  );
}

/** When the next score is due, in milliseconds from now (null: none waiting). */
export async function msUntilNextScore(db: SqlClient): Promise<number | null> {
  const [row] = await queryRows<{ ms: number | null }>(
    db,
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(CASE WHEN status = 'sending' THEN "leaseUntil" ELSE "nextAttemptAt" END) - now())) * 1000)::int AS ms
      FROM "LtiScore" WHERE status IN ('queued', 'sending')`,
  );
  return row?.ms ?? null;
}

export type StoredAccessToken = { token: string; expiresAt: Date };

/** The token kept for a platform and scope, if it is good until after `until`. */
export async function findAccessToken(
  db: DbClient,
  { platformId, scope, until }: { platformId: number; scope: string; until: Date },
): Promise<StoredAccessToken | null> {
  return db.ltiAccessToken.findFirst({ where: { platformId, scope, expiresAt: { gt: until } }, select: { token: true, expiresAt: true } });
}

/** Keeps a fresh token for every process; of two processes' tokens, the one that lasts longer stays. */
export async function saveAccessToken(
  db: DbClient,
  { platformId, scope, token, expiresAt }: { platformId: number; scope: string } & StoredAccessToken,
): Promise<void> {
  await execute(
    db,
    `INSERT INTO "LtiAccessToken" ("platformId", scope, token, "expiresAt") VALUES ($1::int, $2, $3, ${utcParam("$4")})
     ON CONFLICT ("platformId", scope) DO UPDATE SET token = EXCLUDED.token, "expiresAt" = EXCLUDED."expiresAt", "createdAt" = now()
     WHERE "LtiAccessToken"."expiresAt" < EXCLUDED."expiresAt"`,
    [platformId, scope, token, expiresAt.toISOString()],
  );
}

/** Forgets a token the platform refused (only that one: another process may have kept a newer one). */
export async function deleteAccessToken(db: DbClient, { platformId, scope, token }: { platformId: number; scope: string; token: string }): Promise<void> {
  await db.ltiAccessToken.deleteMany({ where: { platformId, scope, token } });
}

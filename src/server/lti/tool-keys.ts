import { randomUUID } from "node:crypto";

import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";

import type { DbClient } from "~/server/db/client";
import { insertToolKey, retireToolKeys, selectPublishedToolKeys, type ToolKeyRow } from "~/server/db/queries/lti";

/**
 * The tool's RS256 keys, kept in the database so that every process and instance signs with the
 * same ones and publishes them all at /api/lti/jwks. Rotation without downtime: a new key is
 * published PUBLISH_AHEAD_MS before it starts signing (platforms cache JWKS), and the keys it
 * replaces stay published RETIRE_AFTER_MS after it starts, longer than anything they signed lives.
 */
const PUBLISH_AHEAD_MS = 24 * 60 * 60_000;
const RETIRE_AFTER_MS = 24 * 60 * 60_000;
const ALG = "RS256";
/** How long a process trusts what it read of the keys (a rotation is published a day ahead). */
const READ_CACHE_MS = 60_000;

let cached: { keys: ToolKeyRow[]; readAt: number } | null = null;

async function publishedKeys(db: DbClient, now: Date): Promise<ToolKeyRow[]> {
  if (cached && now.getTime() - cached.readAt < READ_CACHE_MS && cached.keys.length > 0) return cached.keys;
  let keys = await selectPublishedToolKeys(db, now);
  if (keys.length === 0) {
    // The first key, made on first use. Two processes making one at once publish two: both valid, the newest signs.
    await addKey(db, now);
    keys = await selectPublishedToolKeys(db, now);
  }
  cached = { keys, readAt: now.getTime() };
  return keys;
}

async function addKey(db: DbClient, activeFrom: Date): Promise<string> {
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
  await insertToolKey(db, { kid, publicJwk, privateJwk, activeFrom });
  return kid;
}

/** The JWKS the tool publishes: every key not retired, the next one included. */
export async function toolJwks(db: DbClient, now = new Date()): Promise<{ keys: JWK[] }> {
  return { keys: (await publishedKeys(db, now)).map((key) => key.publicJwk as JWK) };
}

/** The key that signs now: the newest whose time has come. */
export async function toolSigningKey(db: DbClient, now = new Date()): Promise<{ kid: string; alg: string; key: CryptoKey }> {
  const keys = await publishedKeys(db, now);
  const signing = keys.find((key) => key.activeFrom <= now) ?? keys.at(-1)!;
  return { kid: signing.kid, alg: ALG, key: (await importJWK(signing.privateJwk as JWK, ALG)) as CryptoKey };
}

/**
 * Starts a rotation: a new key, published now and signing from `now + PUBLISH_AHEAD_MS`; the keys
 * before it are retired RETIRE_AFTER_MS after that. Answers the new key's id.
 */
export async function rotateToolKey(db: DbClient, now = new Date()): Promise<{ kid: string; signsFrom: Date }> {
  const signsFrom = new Date(now.getTime() + PUBLISH_AHEAD_MS);
  const kid = await addKey(db, signsFrom);
  await retireToolKeys(db, { activeBefore: signsFrom, at: new Date(signsFrom.getTime() + RETIRE_AFTER_MS) });
  cached = null;
  return { kid, signsFrom };
}

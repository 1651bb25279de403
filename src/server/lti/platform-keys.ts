import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";

/**
 * Each platform's signing keys, read from its JWKS URL and kept in memory: fetched again after
 * CACHE_MS, or at once when a token names a key id the set does not have (a platform rotated its
 * keys), but not more often than COOLDOWN_MS, so forged key ids cannot make us hammer the platform.
 */
const CACHE_MS = 10 * 60_000;
export const COOLDOWN_MS = 1_000;
const TIMEOUT_MS = 5_000;
const MAX_SETS = 200;

const sets = new Map<string, JWTVerifyGetKey>();

export function platformKeySet(jwksUrl: string): JWTVerifyGetKey {
  let set = sets.get(jwksUrl);
  if (!set) {
    if (sets.size >= MAX_SETS) sets.delete(sets.keys().next().value!);
    set = createRemoteJWKSet(new URL(jwksUrl), { cacheMaxAge: CACHE_MS, cooldownDuration: COOLDOWN_MS, timeoutDuration: TIMEOUT_MS });
    sets.set(jwksUrl, set);
  }
  return set;
}

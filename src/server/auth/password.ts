import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id is a const enum, which isolated modules cannot read; its value is 2.
const ARGON2ID = 2;
// OWASP's argon2id baseline (19 MiB, 2 passes).
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A real hash to verify against when the username does not exist, so both cases take as long. */
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword("decoy password that matches nothing");
  const target = passwordHash ?? (await decoyHash);
  const valid = await verify(target, password).catch(() => false);
  return valid && passwordHash != null;
}

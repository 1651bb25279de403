/**
 * A fake LTI 1.3 platform (an LMS) for the tests: its own RS256 keys, a JWKS endpoint on loopback,
 * and id_tokens it signs as a platform would after its authorization step. `registration` is
 * what an operator would register for it.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

import { LTI_CLAIM } from "~/server/lti/claims";

export const INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor";
export const LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner";

type KeyPair = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

async function keyPair(): Promise<KeyPair> {
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

export type FakeLms = Awaited<ReturnType<typeof startFakeLms>>;

export async function startFakeLms({
  clientId = "coursecraft-tool",
  deploymentId = "deployment-1",
  issuer: issuerOption,
}: { clientId?: string; deploymentId?: string; issuer?: string } = {}) {
  const keys = [await keyPair()];
  let jwksFetches = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === "/jwks") {
      jwksFetches += 1;
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ keys: keys.map((key) => key.publicJwk) }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The browser tests' platform (test/fakes/lms-server.ts) names itself by the address its pages are on.
  const issuer = issuerOption ?? base;

  /** An id_token for `nonce`, with the claims a resource link launch carries; `claims` adds or replaces any. */
  async function idToken(
    nonce: string,
    claims: Record<string, unknown> = {},
    {
      key = keys[0]!,
      audience = clientId,
      issuedAt,
      expiresIn = 300,
      alg = "RS256",
    }: { key?: KeyPair; audience?: string | string[]; issuedAt?: number; expiresIn?: number; alg?: string } = {},
  ): Promise<string> {
    const now = issuedAt ?? Math.floor(Date.now() / 1000);
    return new SignJWT({
      nonce,
      name: "Ada Lovelace",
      [LTI_CLAIM.messageType]: "LtiResourceLinkRequest",
      [LTI_CLAIM.version]: "1.3.0",
      [LTI_CLAIM.deploymentId]: deploymentId,
      [LTI_CLAIM.targetLinkUri]: "http://localhost/api/lti/launch",
      [LTI_CLAIM.resourceLink]: { id: "link-1" },
      [LTI_CLAIM.roles]: [LEARNER],
      [LTI_CLAIM.context]: { id: "course-101", title: "Biology 101" },
      sub: "user-1",
      ...claims,
    })
      .setProtectedHeader({ alg, kid: key.kid })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(key.privateKey);
  }

  return {
    issuer,
    clientId,
    deploymentId,
    registration: { issuer, clientId, deploymentIds: [deploymentId], authUrl: `${base}/auth`, tokenUrl: `${base}/token`, jwksUrl: `${base}/jwks` },
    idToken,
    /** A key pair the platform does not publish (a forger's). */
    strangerKey: keyPair,
    /** Adds a key to what the platform publishes (a rotation) and answers it. */
    async rotate(): Promise<KeyPair> {
      const key = await keyPair();
      keys.push(key);
      return key;
    },
    jwksFetches: () => jwksFetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

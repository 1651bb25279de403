/**
 * A fake LTI 1.3 platform (an LMS) for the tests: its own RS256 keys, a JWKS endpoint on loopback,
 * and id_tokens it signs as a platform would after its authorization step. `registration` is
 * what an operator would register for it. The Advantage services too: a token endpoint that checks
 * the tool's client assertion against the tool's JWKS (`toolJwks`) and issues bearer tokens, an
 * AGS scores endpoint per line item that checks the token and records each score, and an NRPS
 * memberships endpoint per context, in pages linked by rel="next".
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet, type JWK } from "jose";

import { LTI_CLAIM, LTI_SCOPE } from "~/server/lti/claims";

export const INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor";
export const LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner";

type KeyPair = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

async function keyPair(): Promise<KeyPair> {
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

export type FakeLms = Awaited<ReturnType<typeof startFakeLms>>;

/** A score as the platform received it. */
type ReceivedScore = {
  lineItem: string;
  userId: string;
  scoreGiven?: number;
  scoreMaximum?: number;
  activityProgress: string;
  gradingProgress: string;
  timestamp: string;
  token: string;
};

/** A membership as NRPS 2.0 lists it. */
export type FakeMember = { user_id: string; roles: string[]; status?: string; name?: string; given_name?: string; family_name?: string };

type FakeLmsOptions = {
  clientId?: string;
  deploymentId?: string;
  /** The tool's published keys (its /api/lti/jwks), to check client assertions against. */
  toolJwks?: () => Promise<JSONWebKeySet>;
  /** Seconds an issued token lasts. */
  tokenLifetime?: number;
  /** Memberships per page. */
  pageSize?: number;
  /** A fixed port (the browser tests'); a free one when unset. */
  port?: number;
  /** The issuer it names itself by; its own address when unset (the browser tests' platform names the address its pages are on). */
  issuer?: string;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeLms({
  clientId = "coursecraft-tool",
  deploymentId = "deployment-1",
  toolJwks,
  tokenLifetime = 3600,
  pageSize = 2,
  port = 0,
  issuer: issuerOption,
}: FakeLmsOptions = {}) {
  const keys = [await keyPair()];
  let jwksFetches = 0;
  const tokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const assertionIds = new Set<string>();
  const refusedAssertions: string[] = [];
  const scores: ReceivedScore[] = [];
  const rosters = new Map<string, FakeMember[]>();
  /** A context whose memberships answer this raw body and Link header instead (a broken platform). */
  const rawRosters = new Map<string, { body: string; link?: string }>();
  const services = { scoresDown: false, failNextScores: 0, scoreDelayMs: 0, tokenRequests: 0, rosterRequests: 0 };
  /** The claims of the next launch of each login hint (the authorization step signs them). */
  const preparedLaunches = new Map<string, Record<string, unknown>>();
  let gate: { arrived: Promise<void>; arrive: () => void; open: Promise<void>; release: () => void } | null = null;

  /** The bearer token of a request, if the platform issued it for `scope` and it has not expired. */
  function bearer(req: IncomingMessage, scope: string): string | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const issued = token ? tokens.get(token) : undefined;
    return token && issued && issued.expiresAt > Date.now() && issued.scopes.includes(scope) ? token : null;
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    services.tokenRequests += 1;
    const form = new URLSearchParams(await readBody(req));
    if (form.get("grant_type") !== "client_credentials") return json(res, 400, { error: "unsupported_grant_type" });
    if (form.get("client_assertion_type") !== "urn:ietf:params:oauth:client-assertion-type:jwt-bearer") return json(res, 400, { error: "invalid_client" });
    if (!toolJwks) return json(res, 500, { error: "server_error" });
    try {
      const { payload } = await jwtVerify(form.get("client_assertion") ?? "", createLocalJWKSet(await toolJwks()), {
        issuer: clientId,
        subject: clientId,
        audience: `${base}/token`,
        requiredClaims: ["jti", "iat", "exp"],
      });
      if (assertionIds.has(payload.jti!)) throw new Error("jti used already");
      assertionIds.add(payload.jti!);
    } catch (error) {
      refusedAssertions.push(String(error));
      return json(res, 401, { error: "invalid_client" });
    }
    const scopes = (form.get("scope") ?? "").split(" ").filter((scope) => scope === LTI_SCOPE.score || scope === LTI_SCOPE.roster);
    if (scopes.length === 0) return json(res, 400, { error: "invalid_scope" });
    const accessToken = randomBytes(24).toString("base64url");
    tokens.set(accessToken, { scopes, expiresAt: Date.now() + tokenLifetime * 1000 });
    return json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: tokenLifetime, scope: scopes.join(" ") });
  }

  async function score(req: IncomingMessage, res: ServerResponse, lineItem: string): Promise<void> {
    const body = await readBody(req);
    if (services.scoresDown || services.failNextScores > 0) {
      services.failNextScores = Math.max(0, services.failNextScores - 1);
      return json(res, 503, { error: "unavailable" });
    }
    const token = bearer(req, LTI_SCOPE.score);
    if (!token) return json(res, 401, { error: "invalid_token" });
    if (req.headers["content-type"] !== "application/vnd.ims.lis.v1.score+json") return json(res, 415, { error: "unsupported media type" });
    const parsed = JSON.parse(body) as Omit<ReceivedScore, "lineItem" | "token">;
    if (services.scoreDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, services.scoreDelayMs));
    if (gate) {
      gate.arrive();
      await gate.open;
    }
    scores.push({ ...parsed, lineItem, token });
    res.writeHead(204).end();
  }

  function memberships(req: IncomingMessage, res: ServerResponse, contextId: string, page: number): void {
    services.rosterRequests += 1;
    if (!bearer(req, LTI_SCOPE.roster)) return json(res, 401, { error: "invalid_token" });
    const raw = rawRosters.get(contextId);
    if (raw) {
      res.writeHead(200, { "content-type": "application/vnd.ims.lti-nrps.v2.membershipcontainer+json", ...(raw.link && { link: raw.link }) });
      return void res.end(raw.body);
    }
    const members = rosters.get(contextId) ?? [];
    const slice = members.slice(page * pageSize, (page + 1) * pageSize);
    const next = (page + 1) * pageSize < members.length ? `<${base}/memberships/${encodeURIComponent(contextId)}?page=${page + 1}>; rel="next"` : null;
    return json(
      res,
      200,
      { id: `${base}/memberships/${contextId}`, context: { id: contextId }, members: slice },
      { "content-type": "application/vnd.ims.lti-nrps.v2.membershipcontainer+json", ...(next && { link: next }) },
    );
  }

  /**
   * The platform's authorization step (OIDC, response_mode=form_post): the user is signed in to the
   * platform already, so it answers at once with a page whose form posts the id_token (the claims
   * prepared for the login hint, over the defaults) and the state to the tool's redirect URI.
   */
  async function authorize(url: URL, res: ServerResponse): Promise<void> {
    const hint = url.searchParams.get("login_hint") ?? "";
    const redirect = url.searchParams.get("redirect_uri") ?? "";
    if (url.searchParams.get("client_id") !== clientId || !/^https?:\/\//.test(redirect)) return json(res, 400, { error: "invalid_request" });
    const token = await idToken(url.searchParams.get("nonce") ?? "", preparedLaunches.get(hint) ?? {});
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><body><form method="post" action="${escape(redirect)}">` +
        `<input type="hidden" name="id_token" value="${escape(token)}"><input type="hidden" name="state" value="${escape(url.searchParams.get("state") ?? "")}">` +
        `</form><script>document.forms[0].submit()</script></body></html>`,
    );
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (url.pathname === "/jwks") {
      jwksFetches += 1;
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ keys: keys.map((key) => key.publicJwk) }));
    }
    const fail = (error: unknown) => json(res, 500, { error: String(error) });
    if (url.pathname === "/health") return json(res, 200, { ok: true });
    if (url.pathname === "/auth" && req.method === "GET") return void authorize(url, res).catch(fail);
    if (url.pathname === "/__launch" && req.method === "POST")
      return void readBody(req)
        .then((body) => {
          const { loginHint, claims } = JSON.parse(body) as { loginHint: string; claims: Record<string, unknown> };
          preparedLaunches.set(loginHint, claims);
          json(res, 200, { ok: true });
        })
        .catch(fail);
    if (url.pathname === "/__roster" && req.method === "POST")
      return void readBody(req)
        .then((body) => {
          const { contextId, members } = JSON.parse(body) as { contextId: string; members: FakeMember[] };
          rosters.set(contextId, members);
          json(res, 200, { ok: true });
        })
        .catch(fail);
    if (url.pathname === "/token" && req.method === "POST") return void token(req, res).catch(fail);
    const scored = /^\/lineitems\/([^/]+)\/scores$/.exec(url.pathname);
    if (scored && req.method === "POST") return void score(req, res, decodeURIComponent(scored[1]!)).catch(fail);
    const roster = /^\/memberships\/([^/]+)$/.exec(url.pathname);
    if (roster && req.method === "GET") return memberships(req, res, decodeURIComponent(roster[1]!), Number(url.searchParams.get("page") ?? 0));
    res.writeHead(404).end();
  });
  let base = "";
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
    /** The AGS claim of a launch of a link whose line item is `lineItem`. */
    gradeClaim: (lineItem: string) => ({
      [LTI_CLAIM.gradeService]: {
        scope: [LTI_SCOPE.score, "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly"],
        lineitem: `${base}/lineitems/${encodeURIComponent(lineItem)}`,
        lineitems: `${base}/lineitems`,
      },
    }),
    /** The NRPS claim of a launch from `contextId`. */
    rosterClaim: (contextId: string) => ({ [LTI_CLAIM.rosterService]: { context_memberships_url: `${base}/memberships/${encodeURIComponent(contextId)}` } }),
    /** The claims the next launch with `loginHint` carries (its authorization step signs them). */
    prepareLaunch: (loginHint: string, claims: Record<string, unknown>) => void preparedLaunches.set(loginHint, claims),
    /** Sets the memberships the context lists. */
    setRoster: (contextId: string, members: FakeMember[]) => void rosters.set(contextId, members),
    /** The context's memberships answer `body` as is, with `link` as the Link header (a broken or hostile platform). */
    setRawRoster: (contextId: string, page: { body: string; link?: string }) => void rawRosters.set(contextId, page),
    /** Every score received, in order. */
    scores,
    /** Scores posts answer 503 while true. */
    setScoresDown: (down: boolean) => void (services.scoresDown = down),
    /** The next `count` score posts answer 503. */
    failNextScores: (count: number) => void (services.failNextScores = count),
    /** Each accepted score is recorded after this long (a slow platform). */
    setScoreDelay: (ms: number) => void (services.scoreDelayMs = ms),
    /** Holds the next accepted scores unanswered: `arrived` settles when one is held, `release` answers them all. */
    holdScores() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const open = new Promise<void>((resolve) => (release = resolve));
      gate = { arrived, arrive, open, release };
      return {
        arrived,
        release: () => {
          gate = null;
          release();
        },
      };
    },
    /** Token requests received (accepted or not), and the client assertions refused. */
    tokenRequests: () => services.tokenRequests,
    refusedAssertions,
    rosterRequests: () => services.rosterRequests,
    /** Revokes every token issued (a platform that restarted). */
    revokeTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

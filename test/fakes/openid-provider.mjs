/**
 * A local OpenID provider for browser tests of provider sign-in, on oauth2-mock-server: Google's
 * stand-in (the defaults) and, started again with other ports and FAKE_OIDC_STRICT=1, the
 * school's (OIDC_ISSUER). Ports: FAKE_OIDC_PORT (3101) the provider (discovery, authorize, token,
 * userinfo, JWKS); FAKE_OIDC_CONTROL_PORT (3102) control: GET /last-authorize (the query of the
 * last authorize request), POST /identity (the claims of the next sign-ins), GET /health.
 *
 * Strict mode holds the client to the authorization code flow with PKCE: an authorize request
 * without an S256 code_challenge, a nonce or a state is answered with error=invalid_request, and
 * a token request is refused (400 invalid_grant) for a code that is unknown or used, or that
 * lacks the code_verifier of its challenge; a code_verifier that does not match the challenge is
 * refused by oauth2-mock-server itself (400).
 */
import http from "node:http";

import { OAuth2Server } from "oauth2-mock-server";

const PROVIDER_PORT = Number(process.env.FAKE_OIDC_PORT ?? 3101);
const CONTROL_PORT = Number(process.env.FAKE_OIDC_CONTROL_PORT ?? 3102);
const STRICT = process.env.FAKE_OIDC_STRICT === "1";
const LABEL = process.env.FAKE_OIDC_LABEL ?? "fake Google";
const DEFAULT_IDENTITY = { sub: "google-e2e-1", email: "google.learner@example.com", email_verified: true, name: "Google Learner", picture: null };

let identity = process.env.FAKE_OIDC_IDENTITY ? JSON.parse(process.env.FAKE_OIDC_IDENTITY) : DEFAULT_IDENTITY;
let lastAuthorize = null;
/** Strict mode: the codes handed out and not yet exchanged, with whether PKCE protects them. */
const openCodes = new Map();

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.service.on("beforeAuthorizeRedirect", (redirect, req) => {
  const query = Object.fromEntries(new URL(req.url, "http://fake").searchParams);
  lastAuthorize = query;
  if (!STRICT) return;
  const code = redirect.url.searchParams.get("code");
  if (query.code_challenge_method !== "S256" || !query.code_challenge || !query.nonce || !query.state) {
    redirect.url.searchParams.delete("code");
    redirect.url.searchParams.set("error", "invalid_request");
    redirect.url.searchParams.set("error_description", "PKCE (S256), nonce and state are required");
    return;
  }
  if (code) openCodes.set(code, true);
});
server.service.on("beforeTokenSigning", (token) => {
  Object.assign(token.payload, identity);
});
server.service.on("beforeUserinfo", (response) => {
  response.body = { ...identity };
});
server.service.on("beforeResponse", (response, req) => {
  if (!STRICT || req.body?.grant_type !== "authorization_code") return;
  const { code, code_verifier: verifier } = req.body;
  const known = openCodes.get(code);
  openCodes.delete(code);
  if (known === undefined || !verifier) {
    response.statusCode = 400;
    response.body = { error: "invalid_grant", error_description: known === undefined ? "unknown or used code" : "code_verifier required" };
  }
});
server.issuer.url = `http://127.0.0.1:${PROVIDER_PORT}`;
await server.start(PROVIDER_PORT, "127.0.0.1");

const control = http.createServer((req, res) => {
  const send = (status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (req.method === "GET" && req.url === "/health") return send(200, { ok: true });
  if (req.method === "GET" && req.url === "/last-authorize") return send(200, lastAuthorize ?? {});
  if (req.method === "POST" && req.url === "/identity") {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      identity = { ...identity, ...JSON.parse(body || "{}") };
      send(200, identity);
    });
    return undefined;
  }
  return send(404, { message: "not found" });
});
control.listen(CONTROL_PORT, "127.0.0.1", () => console.log(`${LABEL} on http://127.0.0.1:${PROVIDER_PORT}, control on ${CONTROL_PORT}`));

const stop = async () => {
  control.close();
  await server.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

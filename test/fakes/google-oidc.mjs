/**
 * A local stand-in for Google's OpenID provider, for browser tests of Google sign-in.
 * Port 3101: the provider (discovery, authorize, token, JWKS) via oauth2-mock-server.
 * Port 3102: control: GET /last-authorize (the query of the last authorize request, to check
 * prompt=select_account), POST /identity (the claims of the next sign-ins), GET /health.
 */
import http from "node:http";

import { OAuth2Server } from "oauth2-mock-server";

const PROVIDER_PORT = Number(process.env.FAKE_GOOGLE_PORT ?? 3101);
const CONTROL_PORT = Number(process.env.FAKE_GOOGLE_CONTROL_PORT ?? 3102);

let identity = { sub: "google-e2e-1", email: "google.learner@example.com", email_verified: true, name: "Google Learner", picture: null };
let lastAuthorize = null;

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.service.on("beforeAuthorizeRedirect", (_redirect, req) => {
  lastAuthorize = Object.fromEntries(new URL(req.url, "http://fake").searchParams);
});
server.service.on("beforeTokenSigning", (token) => {
  Object.assign(token.payload, identity);
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
control.listen(CONTROL_PORT, "127.0.0.1", () => console.log(`fake Google on http://127.0.0.1:${PROVIDER_PORT}, control on ${CONTROL_PORT}`));

const stop = async () => {
  control.close();
  await server.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

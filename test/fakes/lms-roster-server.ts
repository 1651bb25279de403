/**
 * The fake LMS (lms.ts) as a server of its own, for the browser tests (playwright.config.ts): on
 * FAKE_LMS_PORT, checking client assertions against the app's published keys at
 * FAKE_LMS_TOOL_URL/api/lti/jwks. A spec prepares a launch's claims with POST /__launch
 * `{ loginHint, claims }` and a context's roster with POST /__roster `{ contextId, members }`.
 *
 *   npx tsx test/fakes/lms-roster-server.ts
 */
import type { JSONWebKeySet } from "jose";

import { startFakeLms } from "./lms";

const port = Number(process.env.FAKE_LMS_PORT ?? 3110);
const toolUrl = process.env.FAKE_LMS_TOOL_URL ?? "http://localhost:3100";

const lms = await startFakeLms({
  port,
  clientId: process.env.FAKE_LMS_CLIENT_ID ?? "e2e-tool",
  deploymentId: process.env.FAKE_LMS_DEPLOYMENT_ID ?? "e2e-deployment",
  pageSize: 2,
  toolJwks: async () => (await (await fetch(`${toolUrl}/api/lti/jwks`)).json()) as JSONWebKeySet,
});
console.log(`fake LMS on ${lms.issuer}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void lms.close().then(() => process.exit(0)));

/** LTI launches through the route table as a platform's browser sends them, against a fake platform (test/fakes/lms.ts). */
import { serveApiRoute } from "~/server/api/routes";

import type { FakeLms } from "./fakes/lms";
import { apiRequest, ORIGIN } from "./http";

const host = { host: new URL(ORIGIN).host };

/** The login initiation (a GET with `params` over the defaults); answers the response and the state and nonce the platform receives. */
export async function ltiLogin(lms: FakeLms, params: Record<string, string> = {}) {
  const query = new URLSearchParams({ iss: lms.issuer, login_hint: "hint-1", target_link_uri: `${ORIGIN}/api/lti/launch`, client_id: lms.clientId, ...params });
  const response = await serveApiRoute(apiRequest("GET", `/api/lti/login?${query}`, { headers: host }));
  const location = response.headers.get("location");
  const authorize = location ? new URL(location) : null;
  return { response, authorize, state: authorize?.searchParams.get("state") ?? "", nonce: authorize?.searchParams.get("nonce") ?? "" };
}

/** The platform's form post to /api/lti/launch, cross-site as a browser sends it. */
export function ltiLaunch(lms: FakeLms, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return serveApiRoute(
    apiRequest("POST", "/api/lti/launch", {
      body: new URLSearchParams(form).toString(),
      headers: { ...host, "content-type": "application/x-www-form-urlencoded", origin: lms.issuer, "sec-fetch-site": "cross-site", ...headers },
    }),
  );
}

import { LTI_MAX_FORM_BYTES, LTI_MESSAGES } from "~/lib/rules/lti";
import { ltiLaunchForm, ltiLoginParams } from "~/lib/schemas/lti";
import { encodeSessionToken, sessionCookie } from "~/server/auth/session";
import { db as defaultDb, type Db } from "~/server/db";
import { AppError } from "~/server/errors";
import { toolJwks } from "~/server/lti/tool-keys";
import { logger } from "~/server/logger";
import { acceptLtiLaunch, LaunchRefused } from "~/server/services/lti/accept-launch";
import { LTI_LAUNCH_PATH, startLtiLogin } from "~/server/services/lti/start-login";

import type { ApiRequest } from "./api-request";
import { publicOrigin } from "./forwarded";
import { readLimited } from "./http-guards";
import { type ApiHandler, errorResponse } from "./route-handler";

/**
 * The LTI 1.3 entries (docs/lti.md). A platform reaches them from its own pages, by a form posted
 * across sites or a redirect, so they are not procedures behind the API's same-site and JSON
 * checks: what they trust is the signed id_token and the state kept on the server. A refused
 * launch is a 401 with a plain page and nothing created.
 */
export const LTI_LOGIN_PATH = "/api/lti/login";
export { LTI_LAUNCH_PATH };
export const LTI_JWKS_PATH = "/api/lti/jwks";

const noStore = { "Cache-Control": "no-store" };
const decoder = new TextDecoder("utf-8", { fatal: true });

/** The page a refused launch shows inside the platform. */
function refusedPage(status: number, message: string): Response {
  const text = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CourseCraft</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>CourseCraft</h1><p>${text}</p></body></html>`;
  return new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...noStore } });
}

/** A form's fields (application/x-www-form-urlencoded, UTF-8, at most LTI_MAX_FORM_BYTES); a Response when it is not one. */
async function readForm(req: ApiRequest, preread: Uint8Array | undefined): Promise<Record<string, string> | Response> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get("content-type") ?? ""))
    return refusedPage(415, "This address takes a form (application/x-www-form-urlencoded).");
  if (Number(req.headers.get("content-length") ?? 0) > LTI_MAX_FORM_BYTES) return refusedPage(413, "The form is too large.");
  const body = preread ?? (await readLimited(req));
  if (body === "too-large" || body.byteLength > LTI_MAX_FORM_BYTES) return refusedPage(413, "The form is too large.");
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    return refusedPage(400, "The form is not valid UTF-8.");
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** GET or POST /api/lti/login: the platform's login initiation, answered with a redirect to its authorization endpoint. */
function ltiLoginHandler({ db = defaultDb }: { db?: Db } = {}): ApiHandler {
  return async (req, preread) => {
    const fields = req.method === "POST" ? await readForm(req, preread) : Object.fromEntries(new URL(req.url).searchParams);
    if (fields instanceof Response) return fields;
    const params = ltiLoginParams.safeParse(fields);
    if (!params.success) return refusedPage(400, LTI_MESSAGES.badLogin);
    try {
      const location = await startLtiLogin(db, { params: params.data, origin: publicOrigin(req.headers), now: new Date() });
      return new Response(null, { status: 302, headers: { Location: location, ...noStore } });
    } catch (error) {
      if (error instanceof AppError && error.code === "BAD_REQUEST") return refusedPage(400, error.message);
      return errorResponse(error, "lti login failed");
    }
  };
}

/** POST /api/lti/launch: the id_token and state the platform posts; signs the user in and redirects (303). */
function ltiLaunchHandler({ db = defaultDb }: { db?: Db } = {}): ApiHandler {
  return async (req, preread) => {
    const fields = await readForm(req, preread);
    if (fields instanceof Response) return fields;
    const form = ltiLaunchForm.safeParse(fields);
    if (!form.success) return refusedPage(401, LTI_MESSAGES.launchRefused);
    try {
      const launch = await acceptLtiLaunch(db, { idToken: form.data.id_token, state: form.data.state, now: new Date() });
      const token = await encodeSessionToken({ userId: launch.account.id, sessionVersion: launch.account.sessionVersion });
      const headers = new Headers({ Location: launch.redirectTo, ...noStore });
      headers.append("Set-Cookie", sessionCookie(token, { embedded: true }));
      return new Response(null, { status: 303, headers });
    } catch (error) {
      if (!(error instanceof LaunchRefused)) return errorResponse(error, "lti launch failed");
      logger.warn("lti launch refused", { reason: error.message });
      return refusedPage(401, LTI_MESSAGES.launchRefused);
    }
  };
}

/** GET /api/lti/jwks: the tool's public keys (the next one before it signs, the last one until what it signed has expired). */
function ltiJwksHandler({ db = defaultDb }: { db?: Db } = {}): ApiHandler {
  return async () => {
    try {
      return Response.json(await toolJwks(db), { headers: { "Cache-Control": "public, max-age=300" } });
    } catch (error) {
      return errorResponse(error, "lti jwks failed");
    }
  };
}

export const handleLtiLogin = ltiLoginHandler();
export const handleLtiLaunch = ltiLaunchHandler();
export const handleLtiJwks = ltiJwksHandler();

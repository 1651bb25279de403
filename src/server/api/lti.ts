import { randomBytes } from "node:crypto";

import { LTI_MAX_FORM_BYTES, LTI_MESSAGES } from "~/lib/rules/lti";
import { ltiDeepLinkInput, ltiLaunchForm, ltiLoginParams } from "~/lib/schemas/lti";
import { encodeSessionToken, sessionCookie } from "~/server/auth/session";
import { db as defaultDb, type Db } from "~/server/db";
import { AppError, toAppError } from "~/server/errors";
import { frameCookie } from "~/server/lti/frame-cookie";
import { toolJwks } from "~/server/lti/tool-keys";
import { logger } from "~/server/logger";
import { acceptLtiLaunch, LaunchRefused } from "~/server/services/lti/accept-launch";
import { answerDeepLink } from "~/server/services/lti/answer-deep-link";
import { LTI_LAUNCH_PATH, startLtiLogin } from "~/server/services/lti/start-login";

import type { ApiRequest } from "./api-request";
import { publicOrigin } from "./forwarded";
import { crossSiteRefusal, jsonError, parseJsonBody, readLimited } from "./http-guards";
import { type ApiHandler, errorResponse } from "./route-handler";
import { createTRPCContext } from "./trpc";

/**
 * The LTI 1.3 entries (docs/lti.md). A platform reaches them from its own pages, by a form posted
 * across sites or a redirect, so they are not procedures behind the API's same-site and JSON
 * checks: what they trust is the signed id_token and the state kept on the server. A refused
 * launch is a 401 with a plain page and nothing created.
 */
export const LTI_LOGIN_PATH = "/api/lti/login";
export { LTI_LAUNCH_PATH };
export const LTI_JWKS_PATH = "/api/lti/jwks";
export const LTI_DEEP_LINK_PATH = "/api/lti/deep-link";

const noStore = { "Cache-Control": "no-store" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const decoder = new TextDecoder("utf-8", { fatal: true });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a refused launch shows inside the platform; `back`: a link to where the person came from on this site. */
function refusedPage(status: number, message: string, back?: { href: string; text: string }): Response {
  const link = back ? `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a></p>` : "";
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CourseCraft</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>CourseCraft</h1><p>${escapeHtml(message)}</p>${link}</body></html>`;
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
      const now = new Date();
      const launch = await acceptLtiLaunch(db, { idToken: form.data.id_token, state: form.data.state, now });
      const token = await encodeSessionToken({ userId: launch.account.id, sessionVersion: launch.account.sessionVersion });
      const headers = new Headers({ Location: launch.redirectTo, ...noStore });
      headers.append("Set-Cookie", sessionCookie(token, { embedded: true }));
      // The session's pages may now be framed by this platform's origins (src/proxy.ts).
      headers.append("Set-Cookie", frameCookie({ userId: launch.account.id, origins: launch.frameOrigins, now }));
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

/**
 * POST /api/lti/deep-link (the picker's form, or JSON `{ launchId, courseId, dueAt? }`), signed in,
 * from this site only: answers a page whose form posts the signed LtiDeepLinkingResponse to the
 * platform's return URL at once (a button without JavaScript). Its policy lets the form go to that
 * URL and the page show inside the platform's frame, and nothing else.
 */
function ltiDeepLinkHandler({ db = defaultDb }: { db?: Db } = {}): ApiHandler {
  return async (req, preread) => {
    const refusal = crossSiteRefusal(req);
    if (refusal) return refusal;
    const json = /^application\/json\b/i.test(req.headers.get("content-type") ?? "");
    let fields: unknown;
    if (json) {
      const body = preread ?? (await readLimited(req));
      if (body === "too-large" || body.byteLength > LTI_MAX_FORM_BYTES) return jsonError(413, "PAYLOAD_TOO_LARGE", "Request body is too large");
      const parsed = parseJsonBody(body);
      if (!parsed.ok) return jsonError(400, "BAD_REQUEST", "Request body is not valid JSON");
      fields = parsed.data;
    } else {
      const form = await readForm(req, preread);
      if (form instanceof Response) return form;
      fields = form;
    }
    const input = ltiDeepLinkInput.safeParse(fields);
    // The picker's form gets a page back, a script JSON: the picker's own words either way.
    const launchId = (fields as { launchId?: unknown } | null)?.launchId;
    const back = typeof launchId === "string" && UUID.test(launchId) ? { href: `/lti/deep-link/${launchId}`, text: "Back to the list of courses" } : undefined;
    const refuse = (status: number, code: string, message: string) => (json ? jsonError(status, code, message) : refusedPage(status, message, back));
    if (!input.success) return refuse(400, "BAD_REQUEST", input.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
    try {
      const user = await createTRPCContext({ headers: req.headers, db }).getUser();
      if (!user) return refuse(401, "UNAUTHORIZED", "Your CourseCraft session has ended. Close this window and add CourseCraft from your course again.");
      const answer = await answerDeepLink(db, {
        userId: user.id,
        ...input.data,
        dueAt: input.data.dueAt ?? null,
        origin: publicOrigin(req.headers),
        now: new Date(),
      });
      const nonce = randomBytes(16).toString("base64");
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CourseCraft</title></head><body><form method="post" action="${escapeHtml(answer.returnUrl)}"><input type="hidden" name="JWT" value="${escapeHtml(answer.jwt)}"><button type="submit">Continue</button></form><script nonce="${nonce}">document.forms[0].submit();</script></body></html>`;
      const returnOrigin = new URL(answer.returnUrl).origin;
      const framers = [...new Set([...answer.frameOrigins, returnOrigin])].join(" ");
      const policy = `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${returnOrigin}; frame-ancestors ${framers}; base-uri 'none'`;
      return new Response(page, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": policy, ...noStore } });
    } catch (error) {
      const known = toAppError(error);
      if (known && !json) return refuse(known.status, known.code, known.message);
      return errorResponse(error, "lti deep link failed");
    }
  };
}

export const handleLtiLogin = ltiLoginHandler();
export const handleLtiLaunch = ltiLaunchHandler();
export const handleLtiJwks = ltiJwksHandler();
export const handleLtiDeepLink = ltiDeepLinkHandler();

/**
 * The fake LMS of the browser tests (`npx tsx test/fakes/lms-server.ts`, started by
 * playwright.config.ts on FAKE_LMS_PORT): test/fakes/lms.ts's keys and id_tokens behind the pages
 * a platform shows. A course page frames CourseCraft's login initiation; the authorization
 * endpoint answers the tool with an auto-submitting form as Canvas and Moodle do; the deep linking
 * return URL verifies the tool's signed answer against its JWKS and keeps the link, which the
 * course page then launches for whoever opens it.
 *
 *   GET  /course/{context}?user=SUB&role=instructor|learner[&add=1]   the course, CourseCraft in a frame
 *                                                                     (add=1: the teacher's "add content")
 *   GET  /frame?src=URL                                                any page of the tool in a frame
 *   GET  /auth                                                         the OIDC authorization step
 *   POST /deep-link-return                                             the tool's LtiDeepLinkingResponse
 *   GET  /links/{context}                                              the link kept for a course (JSON)
 *   GET  /jwks, /health
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

import { createRemoteJWKSet, jwtVerify } from "jose";

import { LTI_CLAIM } from "~/server/lti/claims";

import { INSTRUCTOR, LEARNER, startFakeLms } from "./lms";

const PORT = Number(process.env.FAKE_LMS_PORT ?? 3111);
/** The LMS's pages, as the browser reaches them; the issuer and the origin that frames the tool. */
const ORIGIN = `http://localhost:${PORT}`;
/** The tool as the browser reaches it, and as this server does (the app listens on IPv4). */
const TOOL = process.env.FAKE_LMS_TOOL_URL ?? "http://localhost:3100";
const TOOL_FROM_HERE = TOOL.replace("//localhost:", "//127.0.0.1:");

const FAKE_LMS_CLIENT_ID = "coursecraft-e2e";
const FAKE_LMS_DEPLOYMENT_ID = "e2e-deployment";

const DEEP_LINK = {
  contentItems: "https://purl.imsglobal.org/spec/lti-dl/claim/content_items",
  data: "https://purl.imsglobal.org/spec/lti-dl/claim/data",
} as const;

type Hint = { sub: string; role: "instructor" | "learner"; context: string; add: boolean };
type Link = { title: string; custom: Record<string, string>; lineItem?: { scoreMaximum: number }; submission?: { endDateTime: string } };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:system-ui,sans-serif;margin:0;padding:8px">${body}</body></html>`;

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function main() {
  const lms = await startFakeLms({ issuer: ORIGIN, clientId: FAKE_LMS_CLIENT_ID, deploymentId: FAKE_LMS_DEPLOYMENT_ID });
  const toolKeys = createRemoteJWKSet(new URL(`${TOOL_FROM_HERE}/api/lti/jwks`));
  const links = new Map<string, Link>();

  /** What the authorization step signs for the person the login hint names. */
  function claimsFor(hint: Hint): Record<string, unknown> {
    const base = {
      sub: hint.sub,
      name: `${hint.role === "instructor" ? "Teacher" : "Learner"} ${hint.sub}`,
      [LTI_CLAIM.roles]: [hint.role === "instructor" ? INSTRUCTOR : LEARNER],
      [LTI_CLAIM.context]: { id: hint.context, title: `LMS course ${hint.context}` },
      [LTI_CLAIM.targetLinkUri]: `${TOOL}/api/lti/launch`,
    };
    if (hint.add)
      return {
        ...base,
        [LTI_CLAIM.messageType]: "LtiDeepLinkingRequest",
        [LTI_CLAIM.resourceLink]: undefined,
        [LTI_CLAIM.deepLinkingSettings]: { deep_link_return_url: `${ORIGIN}/deep-link-return`, accept_types: ["ltiResourceLink"], data: hint.context },
      };
    return { ...base, [LTI_CLAIM.resourceLink]: { id: `link-${hint.context}` }, [LTI_CLAIM.custom]: links.get(hint.context)?.custom ?? {} };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", ORIGIN);
    if (url.pathname === "/health") return send(res, 200, "text/plain", "ok");
    if (url.pathname === "/jwks") return send(res, 200, "application/json", await (await fetch(lms.registration.jwksUrl)).text());

    const course = /^\/course\/([\w-]+)$/.exec(url.pathname);
    if (course) {
      const hint: Hint = {
        sub: url.searchParams.get("user") ?? "someone",
        role: url.searchParams.get("role") === "instructor" ? "instructor" : "learner",
        context: course[1]!,
        add: url.searchParams.get("add") === "1",
      };
      const login = new URL(`${TOOL}/api/lti/login`);
      for (const [name, value] of Object.entries({
        iss: ORIGIN,
        client_id: FAKE_LMS_CLIENT_ID,
        lti_deployment_id: FAKE_LMS_DEPLOYMENT_ID,
        target_link_uri: `${TOOL}/api/lti/launch`,
        login_hint: Buffer.from(JSON.stringify(hint)).toString("base64url"),
      }))
        login.searchParams.set(name, value);
      return send(
        res,
        200,
        "text/html; charset=utf-8",
        page(
          `LMS course ${hint.context}`,
          `<h1 style="font-size:1rem">LMS course ${escapeHtml(hint.context)}</h1><iframe title="CourseCraft" src="${escapeHtml(login.href)}" style="width:100%;height:calc(100dvh - 60px);border:1px solid #ccc"></iframe>`,
        ),
      );
    }

    if (url.pathname === "/frame") {
      const src = url.searchParams.get("src") ?? "/";
      return send(
        res,
        200,
        "text/html; charset=utf-8",
        page("Framed", `<iframe title="CourseCraft" src="${escapeHtml(new URL(src, TOOL).href)}" style="width:100%;height:90dvh"></iframe>`),
      );
    }

    if (url.pathname === "/auth") {
      const params = url.searchParams;
      const redirect = params.get("redirect_uri") ?? "";
      if (params.get("client_id") !== FAKE_LMS_CLIENT_ID || !redirect.startsWith(`${TOOL}/`) || params.get("response_mode") !== "form_post")
        return send(res, 400, "text/plain", "bad authorization request");
      const hint = JSON.parse(Buffer.from(params.get("login_hint") ?? "", "base64url").toString("utf8")) as Hint;
      const idToken = await lms.idToken(params.get("nonce") ?? "", claimsFor(hint));
      const form = `<form method="post" action="${escapeHtml(redirect)}"><input type="hidden" name="id_token" value="${escapeHtml(idToken)}"><input type="hidden" name="state" value="${escapeHtml(params.get("state") ?? "")}"><noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script>`;
      return send(res, 200, "text/html; charset=utf-8", page("Signing in", form));
    }

    if (url.pathname === "/deep-link-return" && req.method === "POST") {
      const jwt = new URLSearchParams(await readBody(req)).get("JWT") ?? "";
      try {
        const { payload } = await jwtVerify(jwt, toolKeys, { issuer: FAKE_LMS_CLIENT_ID, audience: ORIGIN });
        if (payload[LTI_CLAIM.messageType] !== "LtiDeepLinkingResponse" || payload[LTI_CLAIM.deploymentId] !== FAKE_LMS_DEPLOYMENT_ID)
          throw new Error("not a deep linking response of this deployment");
        const context = payload[DEEP_LINK.data];
        const [item] = (payload[DEEP_LINK.contentItems] ?? []) as (Link & { type: string })[];
        if (typeof context !== "string" || item?.type !== "ltiResourceLink") throw new Error("no link, or not the data this platform sent");
        links.set(context, item);
        const due = item.submission?.endDateTime ? `, due ${item.submission.endDateTime}` : "";
        return send(
          res,
          200,
          "text/html; charset=utf-8",
          page("Linked", `<p data-testid="lms-linked">Linked “${escapeHtml(item.title)}”${escapeHtml(due)}, out of ${item.lineItem?.scoreMaximum ?? "?"}</p>`),
        );
      } catch (error) {
        return send(
          res,
          400,
          "text/html; charset=utf-8",
          page("Refused", `<p data-testid="lms-refused">Refused: ${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`),
        );
      }
    }

    const kept = /^\/links\/([\w-]+)$/.exec(url.pathname);
    if (kept) return send(res, links.has(kept[1]!) ? 200 : 404, "application/json", JSON.stringify(links.get(kept[1]!) ?? null));

    send(res, 404, "text/plain", "not found");
  }

  createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) send(res, 500, "text/plain", "fake LMS error");
    });
  }).listen(PORT, "127.0.0.1", () => console.log(`fake LMS on ${ORIGIN}`));
}

void main();

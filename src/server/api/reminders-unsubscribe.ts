import { db } from "~/server/db";
import { unsubscribe, unsubscribeTarget } from "~/server/services/reminders/unsubscribe";

import type { ApiRequest } from "./api-request";
import { errorResponse, type ApiHandler } from "./route-handler";

export const REMINDERS_UNSUBSCRIBE_PATH = "/api/reminders/unsubscribe";

const CHANNEL_WORDS = { email: "reminder e-mails", push: "push reminders" } as const;
/** The one-click POST carries a tiny form body (RFC 8058); anything larger is not read. */
const MAX_BODY = 4096;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} · CourseCraft</title></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

const wantsHtml = (req: ApiRequest) => /text\/html/i.test(req.headers.get("accept") ?? "");
const tokenOf = (req: ApiRequest) => new URL(req.url).searchParams.get("token");

/** Drains the body up to MAX_BODY bytes: its content does not matter, the token is in the URL. */
async function drain(req: ApiRequest): Promise<void> {
  const reader = req.body?.getReader();
  if (!reader) return;
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > MAX_BODY) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
}

/**
 * GET /api/reminders/unsubscribe?token=…: a page with a button, and nothing changed (link scanners
 * open links). POST: the one-click unsubscribe of RFC 8058, sent by mail clients without a session
 * or an Origin, whatever the body's type: the signed token is the credential, so the usual JSON
 * and same-site rules of the API do not apply. Turning a channel off twice changes nothing.
 */
export const handleRemindersUnsubscribe: ApiHandler = async (req) => {
  const token = tokenOf(req);
  try {
    if (req.method === "GET") {
      const { channel } = unsubscribeTarget(token);
      return page(
        "Stop reminders?",
        `<p>You will no longer get ${CHANNEL_WORDS[channel]} from CourseCraft. You can turn them on again on your account page.</p>
<form method="post" action="${escape(`${REMINDERS_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token ?? "")}`)}"><button type="submit">Unsubscribe</button></form>`,
      );
    }
    await drain(req);
    const { channel } = await unsubscribe(db, token);
    if (wantsHtml(req))
      return page("Unsubscribed", `<p>You will no longer get ${CHANNEL_WORDS[channel]} from CourseCraft.</p><p><a href="/account">Your account</a></p>`);
    return Response.json({ unsubscribed: true, channel }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    const answer = errorResponse(error, "unsubscribe failed");
    if (!wantsHtml(req) || answer.status >= 500) return answer;
    return page("This link does not work", "<p>The unsubscribe link is not valid. You can change your reminders on your account page.</p>", answer.status);
  }
};

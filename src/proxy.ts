import { NextResponse, type NextRequest } from "next/server";

import { framedPageHeaders } from "~/server/lti/frame-cookie";

/**
 * Pages of a session an LTI launch signed in may be framed by that platform's origins only
 * (docs/lti.md, "Framing"). Next runs this only for page requests that carry the launch's frame
 * cookie (the matcher below); every other response keeps next.config.js's headers, which refuse
 * every frame. The cookie's name is LTI_FRAME_COOKIE (lib/rules/lti.ts): the matcher must be a
 * literal, and frame-cookie.test.ts checks they agree.
 */
export async function proxy(request: NextRequest) {
  const response = NextResponse.next();
  const headers = await framedPageHeaders(request.headers, { isProduction: process.env.NODE_ENV === "production", now: new Date() });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static/|_next/image|favicon\\.svg|icons/|sw\\.js|sw-push\\.js|manifest\\.webmanifest).*)",
      has: [{ type: "cookie", key: "coursecraft-lti-frame" }],
    },
  ],
};

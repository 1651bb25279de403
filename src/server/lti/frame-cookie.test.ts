import { describe, expect, test } from "vitest";

import { LTI_FRAME_TTL_MS } from "~/lib/rules/lti";
import { encodeSessionToken, sessionCookieName } from "~/server/auth/session";

import { config } from "../../proxy";
import { frameCookie, frameOriginsFor, framedPageHeaders, LTI_FRAME_COOKIE, platformFrameOrigins } from "./frame-cookie";

const now = new Date("2026-12-08T10:00:00Z");
const valueOf = (setCookie: string) => setCookie.slice(`${LTI_FRAME_COOKIE}=`.length).split(";")[0]!;
const cookieFor = (userId: number, origins: string[], at = now) => valueOf(frameCookie({ userId, origins, now: at }));

async function pageHeaders({ frame, userId }: { frame?: string; userId?: number }, at = now) {
  const cookies = [frame === undefined ? null : `${LTI_FRAME_COOKIE}=${frame}`];
  if (userId !== undefined) cookies.push(`${sessionCookieName()}=${await encodeSessionToken({ userId, sessionVersion: 0 })}`);
  return framedPageHeaders(new Headers({ cookie: cookies.filter(Boolean).join("; ") }), { isProduction: true, now: at });
}

describe("the frame cookie", () => {
  test("holds the platform's origins for the user it was made for, until it expires", () => {
    const value = cookieFor(7, ["https://school.instructure.com", "https://canvas.example.edu:8443"]);
    expect(frameOriginsFor(value, { userId: 7, now })).toEqual(["https://school.instructure.com", "https://canvas.example.edu:8443"]);
    expect(frameOriginsFor(value, { userId: 8, now }), "another user's session").toBeNull();
    expect(frameOriginsFor(value, { userId: null, now }), "no session").toBeNull();
    expect(frameOriginsFor(value, { userId: 7, now: new Date(now.getTime() + LTI_FRAME_TTL_MS) }), "expired").toBeNull();
  });

  test("cannot be made or changed without the server's secret: another origin, another user, another signature → nothing", () => {
    const value = cookieFor(7, ["https://school.instructure.com"]);
    const [payload, signature] = value.split(".") as [string, string];
    const forged = (fields: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), ...fields })).toString("base64url")}.${signature}`;
    expect(frameOriginsFor(forged({ o: ["https://evil.example"] }), { userId: 7, now })).toBeNull();
    expect(frameOriginsFor(forged({ u: 8 }), { userId: 8, now })).toBeNull();
    expect(frameOriginsFor(`${payload}.${"A".repeat(signature.length)}`, { userId: 7, now })).toBeNull();
    for (const junk of ["", ".", "x", `${payload}.`, `.${signature}`, "%%%.%%%", `${payload}.${signature}.x`])
      expect(frameOriginsFor(junk, { userId: 7, now }), junk).toBeNull();
  });

  test("keeps only origins a policy can hold (nothing that could end the directive)", () => {
    const value = cookieFor(7, ["https://ok.example", "https://evil.example; script-src *", "javascript:alert(1)", "https://a.example/path", "*"]);
    expect(frameOriginsFor(value, { userId: 7, now })).toEqual(["https://ok.example"]);
    expect(frameOriginsFor(cookieFor(7, ["*"]), { userId: 7, now })).toBeNull();
  });

  test("is HttpOnly, for the whole site, as long as LTI_FRAME_TTL_MS (over http Lax: tests and local platforms)", () => {
    const cookie = frameCookie({ userId: 7, origins: ["https://lms.example"], now });
    expect(cookie).toMatch(new RegExp(`^${LTI_FRAME_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/; HttpOnly; SameSite=Lax; Max-Age=${LTI_FRAME_TTL_MS / 1000}$`));
  });

  test("a registration's frame origins, or else its issuer's origin", () => {
    expect(platformFrameOrigins({ issuer: "https://moodle.school.edu/", frameOrigins: [] })).toEqual(["https://moodle.school.edu"]);
    expect(platformFrameOrigins({ issuer: "https://canvas.instructure.com", frameOrigins: ["https://school.instructure.com"] })).toEqual([
      "https://school.instructure.com",
    ]);
    expect(platformFrameOrigins({ issuer: "not a url", frameOrigins: [] })).toEqual([]);
  });

  test("the proxy runs for the cookie this module sets", () => {
    expect(config.matcher[0]!.has).toEqual([{ type: "cookie", key: LTI_FRAME_COOKIE }]);
  });
});

describe("a page's framing headers", () => {
  test("the platform's frame-ancestors for the signed-in user the cookie was made for; X-Frame-Options DENY otherwise", async () => {
    const frame = cookieFor(7, ["https://school.instructure.com"]);
    const framed = await pageHeaders({ frame, userId: 7 });
    expect(Object.keys(framed)).toEqual(["Content-Security-Policy"]);
    expect(framed["Content-Security-Policy"]).toContain("frame-ancestors https://school.instructure.com;");
    expect(framed["Content-Security-Policy"]).toContain("object-src 'none'");
    expect(await pageHeaders({ frame, userId: 8 })).toEqual({ "X-Frame-Options": "DENY" });
    expect(await pageHeaders({ frame })).toEqual({ "X-Frame-Options": "DENY" });
    expect(await pageHeaders({ frame: "forged.value", userId: 7 })).toEqual({ "X-Frame-Options": "DENY" });
    expect(await pageHeaders({ userId: 7 })).toEqual({ "X-Frame-Options": "DENY" });
    expect(await pageHeaders({ frame, userId: 7 }, new Date(now.getTime() + LTI_FRAME_TTL_MS + 1))).toEqual({ "X-Frame-Options": "DENY" });
  });
});

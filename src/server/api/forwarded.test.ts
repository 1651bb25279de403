import { describe, expect, test } from "vitest";

import { clientIpFrom, publicOrigin, siteOrigins } from "./forwarded";

function request(headers: Record<string, string>, url = "http://app.internal:3000/api/login"): Request {
  return new Request(url, { method: "POST", headers });
}

describe("forwarded headers count only behind a trusted proxy", () => {
  const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-port": "443", forwarded: "host=evil.example;proto=https" };

  test("no trusted proxy: the request's own origin (and NEXTAUTH_URL), never a forwarded one", () => {
    const origins = siteOrigins(request(forged), 0);
    expect(origins.has("http://app.internal:3000")).toBe(true);
    expect([...origins].some((origin) => origin.includes("evil.example"))).toBe(false);
    expect(publicOrigin(new Headers({ host: "app.internal:3000", ...forged }), 0)).not.toContain("evil.example");
  });

  test("one trusted proxy: the host and scheme it wrote (the last entry) are this site", () => {
    const origins = siteOrigins(request({ "x-forwarded-host": "courses.example.com", "x-forwarded-proto": "https" }), 1);
    expect(origins.has("https://courses.example.com")).toBe(true);
    expect(origins.has("http://app.internal:3000")).toBe(true);
  });

  test("one trusted proxy: entries a client put before the proxy's are ignored", () => {
    const origins = siteOrigins(request({ "x-forwarded-host": "evil.example, courses.example.com", "x-forwarded-proto": "https, https" }), 1);
    expect(origins.has("https://courses.example.com")).toBe(true);
    expect(origins.has("https://evil.example")).toBe(false);
  });

  test("two trusted proxies: the entry the outer one wrote; a shorter list is read from its start", () => {
    const headers = { "x-forwarded-host": "evil.example, cdn.example.com, lb.internal", "x-forwarded-proto": "http, https, http" };
    expect(siteOrigins(request(headers), 2).has("https://cdn.example.com")).toBe(true);
    expect(siteOrigins(request({ "x-forwarded-host": "cdn.example.com", "x-forwarded-proto": "https" }), 2).has("https://cdn.example.com")).toBe(true);
  });

  test("a trusted X-Forwarded-Port is added unless it is the scheme's default; Forwarded is never read", () => {
    expect(siteOrigins(request({ "x-forwarded-host": "courses.example.com", "x-forwarded-proto": "https", "x-forwarded-port": "8443" }), 1)).toContain(
      "https://courses.example.com:8443",
    );
    expect(siteOrigins(request({ "x-forwarded-host": "courses.example.com", "x-forwarded-proto": "https", "x-forwarded-port": "443" }), 1)).toContain(
      "https://courses.example.com",
    );
    expect([...siteOrigins(request({ forwarded: "host=courses.example.com;proto=https" }), 1)].some((o) => o.includes("courses.example.com"))).toBe(false);
  });

  test("a trusted proxy's odd values are ignored, not trusted", () => {
    for (const headers of [
      { "x-forwarded-host": "courses.example.com", "x-forwarded-proto": "javascript" },
      { "x-forwarded-host": "a b", "x-forwarded-proto": "https" },
      { "x-forwarded-host": "", "x-forwarded-proto": "https" },
    ]) {
      expect(siteOrigins(request(headers), 1), JSON.stringify(headers)).toEqual(siteOrigins(request({}), 0));
    }
  });

  test("the client address: the entry the outermost trusted proxy wrote", () => {
    const headers = new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.2" });
    expect(clientIpFrom(headers, 0)).toBe("10.0.0.2"); // serve.mjs wrote the socket address: the only entry
    expect(clientIpFrom(headers, 1)).toBe("10.0.0.2");
    expect(clientIpFrom(headers, 2)).toBe("203.0.113.7");
    expect(clientIpFrom(new Headers(), 1)).toBe("unknown");
  });
});

import { describe, expect, test } from "vitest";

import { LTI_FRAME_COOKIE } from "./rules/lti";
import { cspHeader, headerRules, securityHeaders } from "./security-headers";

const header = (headers: { key: string; value: string }[], key: string) => headers.find((entry) => entry.key === key)?.value;

describe("securityHeaders", () => {
  test("HSTS only in production over https", () => {
    expect(header(securityHeaders({ isProduction: true, https: true }), "Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    expect(header(securityHeaders({ isProduction: true, https: false }), "Strict-Transport-Security")).toBeUndefined();
    expect(header(securityHeaders({ isProduction: false, https: true }), "Strict-Transport-Security")).toBeUndefined();
  });

  test("nosniff, the referrer policy and no framing, everywhere", () => {
    for (const isProduction of [true, false]) {
      const headers = securityHeaders({ isProduction, https: false });
      expect(header(headers, "X-Content-Type-Options")).toBe("nosniff");
      expect(header(headers, "Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(header(headers, "X-Frame-Options")).toBe("DENY");
      expect(header(headers, "Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("cspHeader", () => {
  test("lets the YouTube IFrame API load and embed, and nothing else from outside run", () => {
    const csp = cspHeader({ isProduction: true });
    expect(csp).toMatch(/script-src 'self' 'unsafe-inline' https:\/\/www\.youtube\.com https:\/\/s\.ytimg\.com;/);
    expect(csp).toMatch(/frame-src https:\/\/www\.youtube\.com https:\/\/www\.youtube-nocookie\.com;/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain("unsafe-eval");
  });

  test("development adds only what the dev server's hot reload needs", () => {
    const csp = cspHeader({ isProduction: false });
    expect(csp).toContain("'unsafe-eval'");
    expect(csp).toMatch(/connect-src 'self' ws:/);
  });
});

describe("headerRules (next.config.js)", () => {
  test("every header on every path; X-Frame-Options only without the LTI frame cookie, whose pages src/proxy.ts answers", () => {
    const [all, frame] = headerRules({ isProduction: true, https: true });
    expect(all).toMatchObject({ source: "/:path*" });
    expect(all!.missing).toBeUndefined();
    expect(all!.headers.map(({ key }) => key).sort()).toEqual(
      securityHeaders({ isProduction: true, https: true })
        .map(({ key }) => key)
        .filter((key) => key !== "X-Frame-Options")
        .sort(),
    );
    expect(header(all!.headers, "Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(frame).toEqual({ source: "/:path*", missing: [{ type: "cookie", key: LTI_FRAME_COOKIE }], headers: [{ key: "X-Frame-Options", value: "DENY" }] });
  });

  test("cspHeader's frame-ancestors: 'none', or the origins given", () => {
    expect(cspHeader({ isProduction: true, frameAncestors: [] })).toContain("frame-ancestors 'none';");
    expect(cspHeader({ isProduction: true, frameAncestors: ["https://a.example", "https://b.example"] })).toContain(
      "frame-ancestors https://a.example https://b.example;",
    );
  });
});

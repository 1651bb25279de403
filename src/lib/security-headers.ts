import { LTI_FRAME_COOKIE } from "./rules/lti";

/**
 * The Content-Security-Policy of every page. Next.js injects inline bootstrap scripts, so
 * scripts need 'unsafe-inline' until pages are rendered with nonces; the YouTube IFrame API
 * (script and frame) is allowed because the course player embeds it. No site may frame a page,
 * except the origins of the LMS whose launch signed the session in (`frameAncestors`, set by
 * src/proxy.ts from a signed cookie; docs/lti.md).
 */
export function cspHeader({ isProduction, frameAncestors = [] }: { isProduction: boolean; frameAncestors?: readonly string[] }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", "https://www.youtube.com", "https://s.ytimg.com", ...(isProduction ? [] : ["'unsafe-eval'"])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://i.ytimg.com", "https://img.youtube.com", "https://lh3.googleusercontent.com"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(isProduction ? [] : ["ws:"])],
    "frame-src": ["https://www.youtube.com", "https://www.youtube-nocookie.com"],
    "frame-ancestors": frameAncestors.length > 0 ? [...frameAncestors] : ["'none'"],
    "form-action": ["'self'", "https://accounts.google.com", "https://checkout.stripe.com"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * The headers of every response, pages and API alike (next.config.js and the direct API entry).
 * X-Frame-Options says what frame-ancestors says, for browsers older than CSP 2; next.config.js
 * leaves it out of a framed session's pages, whose CSP src/proxy.ts sets.
 */
export function securityHeaders({ isProduction, https }: { isProduction: boolean; https: boolean }): { key: string; value: string }[] {
  const headers = [
    { key: "Content-Security-Policy", value: cspHeader({ isProduction }) },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ];
  if (isProduction && https) headers.push({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" });
  return headers;
}

type HeaderRule = { source: string; headers: { key: string; value: string }[]; missing?: { type: "cookie"; key: string }[] };

/**
 * next.config.js's header rules: every header on every path, but X-Frame-Options only on requests
 * without the LTI frame cookie. With it, src/proxy.ts decides: the platform's frame-ancestors when
 * the cookie holds, X-Frame-Options DENY again when it does not. Whatever the proxy does not see
 * (a static file) keeps the policy's frame-ancestors 'none'.
 */
export function headerRules(options: { isProduction: boolean; https: boolean }): HeaderRule[] {
  const headers = securityHeaders(options);
  return [
    { source: "/:path*", headers: headers.filter(({ key }) => key !== "X-Frame-Options") },
    { source: "/:path*", missing: [{ type: "cookie", key: LTI_FRAME_COOKIE }], headers: headers.filter(({ key }) => key === "X-Frame-Options") },
  ];
}

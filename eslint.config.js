import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

import { readFileSync } from "node:fs";

const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

/** Prisma's client properties, one per model of prisma/schema.prisma (`model CourseProgress` → `courseProgress`). */
const prismaModels = [...readFileSync(new URL("prisma/schema.prisma", import.meta.url), "utf8").matchAll(/^model (\w+)/gm)].map(
  ([, name]) => name[0].toLowerCase() + name.slice(1),
);

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
  // Type-aware rules (typescript-eslint's recommended-type-checked): no untyped `any` flowing
  // through, no stringified objects, no unbound methods; a promise is awaited, returned or
  // explicitly voided, never dropped.
  {
    files: ["**/*.{ts,tsx,mts,cts}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      ...Object.assign({}, ...tseslint.configs.recommendedTypeChecked.map((c) => c.rules ?? {})),
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  // Configuration is read in one place: src/env.ts validates every variable. Outside it, only
  // Next's own runtime flags: NODE_ENV (inlined into client bundles), NEXT_RUNTIME and NEXT_PHASE
  // (read by src/instrumentation.ts before any module of ours loads).
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/env.ts", "src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: 'MemberExpression[object.object.name="process"][object.property.name="env"][property.name!=/^(NODE_ENV|NEXT_RUNTIME|NEXT_PHASE)$/]',
          message: "Read configuration from ~/env (src/env.ts), the one module that reads process.env.",
        },
        {
          selector: ':not(MemberExpression) > MemberExpression[object.name="process"][property.name="env"]',
          message: "Read configuration from ~/env (src/env.ts), the one module that reads process.env.",
        },
      ],
    },
  },
  // The layers of docs/architecture.md ("What may import what"): what may import what.
  {
    files: ["src/app/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}", "src/hooks/**/*.{ts,tsx}"],
    ignores: ["src/app/api/**"],
    rules: restrict([
      {
        group: ["~/server/db", "~/server/services/*", "~/server/services/**", "~/generated/*"],
        message: "Pages use ~/trpc; the database and services are server-side.",
      },
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
      { group: ["~/server/db/queries/run"], message: "Raw SQL lives in src/server/db/queries/<domain>.ts: call its typed functions." },
    ]),
  },
  // The job runtime knows no kind of job: what a job does and what its failure means come from the service that starts the worker.
  {
    files: ["src/server/jobs/**/*.ts"],
    rules: restrict([
      {
        group: ["~/server/api/*", "~/server/api/**", "@trpc/*", "next", "next/*"],
        message: "The job runtime never imports the API layer, TRPCError or next/*.",
      },
      { group: ["~/server/db/queries/run"], message: "Raw SQL lives in src/server/db/queries/<domain>.ts: call its typed functions." },
      {
        group: [
          "~/server/services/*",
          "~/server/services/**",
          "~/server/ai/*",
          "~/server/ai/**",
          "~/server/video/*",
          "~/server/video/**",
          "~/server/billing/*",
        ],
        message: "jobs/ is the runtime only: pass what a job means in (JobHandler) from its service.",
      },
    ]),
  },
  // One home for the data: every Prisma call and SQL statement is a typed function of src/server/db/queries/<domain>.ts.
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/server/db/**", "src/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["$queryRaw", "$executeRaw", "$queryRawUnsafe", "$executeRawUnsafe"].map((property) => ({
          property,
          message: "Raw SQL lives in src/server/db/queries/<domain>.ts as a typed function.",
        })),
        ...["db", "tx"].flatMap((object) =>
          prismaModels.map((property) => ({ object, property, message: "Prisma calls live in src/server/db/queries/<domain>.ts as typed functions." })),
        ),
      ],
    },
  },
  {
    files: ["src/server/ai/**/*.ts", "src/server/video/**/*.ts", "src/server/billing/**/*.ts"],
    rules: restrict([{ group: ["~/server/db", "~/generated/*"], message: "Adapters never touch the database." }]),
  },
  // The typed client (coursecraft/client) runs in scripts and tools, not in the app: it knows the server by its types only.
  {
    files: ["src/client/**/*.ts"],
    ignores: ["src/client/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/*",
                "~/**",
                "../server/*",
                "../server/**",
                "../env",
                "../app/*",
                "../components/*",
                "../hooks/*",
                "../trpc/*",
                "@prisma/*",
                "next",
                "next/*",
              ],
              allowTypeImports: true,
              message: "The client imports the server as `import type` only: no server code may run in a script that uses it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/lib/**/*.ts"],
    rules: restrict([{ group: ["~/server/*", "~/server/**", "~/app/*", "~/components/*", "~/trpc/*"], message: "lib/ is pure, universal code." }]),
  },
];

export default config;

/**
 * `npm run lint:deps`: import circles in the app, its tests, benchmarks and scripts, type-only
 * imports included (a circle of types still means two modules that cannot be understood apart),
 * the layers of docs/architecture.md ("What may import what"), one rule per row of its table, and
 * the order of the service areas. ESLint's no-restricted-imports rules (eslint.config.js) say the
 * same of the layers in the editor.
 */
/** A module of src/server by its name: the folder or the file beside it ("db" is src/server/db/ and src/server/db.ts). */
const server = (...names) => `^src/server/(${names.join("|")})(/|\\.ts$)`;
const npm = (...names) => `^node_modules/(${names.join("|")})/`;
/** Modules of the service areas by name: src/server/services/<area>/. */
const serviceAreas = (...names) => `^src/server/services/(${names.join("|")})/`;
/**
 * The service areas from the lowest to the highest. An area imports only areas below it, so no
 * two areas import each other: who may see a course, learning events and the mastery model are
 * asked by many; practice sits on cards, quizzes and mastery; generation runs editing's
 * regeneration jobs on its queue. A new area takes its place here.
 */
const SERVICE_AREAS = [
  ...["auth", "subscription", "course", "gamification", "transcript", "mastery", "cards", "concepts", "quiz", "practice"],
  ...["progress", "notes", "chat", "export", "classes", "editing", "generation", "reminders", "lti"],
];
/** Tests are left out: an integration test drives the whole app (test/caller), whatever area it sits in. */
const areaOrder = [
  ...SERVICE_AREAS.slice(0, -1).map((area, i) => ({
    name: `${area}-imports-no-higher-area`,
    severity: "error",
    comment: `services/${area}/ sits below ${SERVICE_AREAS.slice(i + 1).join(", ")} (SERVICE_AREAS): an import of one of them is an arrow back up.`,
    from: { path: serviceAreas(area), pathNot: "\\.test\\.ts$" },
    to: { path: serviceAreas(...SERVICE_AREAS.slice(i + 1)) },
  })),
  {
    name: "service-area-has-its-place",
    severity: "error",
    comment: "Every service is in an area of SERVICE_AREAS (src/server/services/<area>/), so the order covers it.",
    from: { path: "^src/server/services/", pathNot: serviceAreas(...SERVICE_AREAS) },
    to: {},
  },
];
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules in a circle cannot be read, tested or moved one at a time.",
      from: {},
      to: { circular: true },
    },
    {
      name: "client-knows-the-server-by-types-only",
      severity: "error",
      comment: "coursecraft/client (src/client) runs in scripts and tools: it may import the app's modules as `import type` only.",
      from: { path: "^src/client/", pathNot: "\\.test\\.ts$" },
      // lib/api-limits.ts: the limits the server enforces and its clients keep to (constants, nothing else).
      to: { path: "^src/(?!client/|lib/api-limits\\.ts$)", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "runtime-does-not-import-evaluation",
      severity: "error",
      comment:
        "src/server/eval measures the engine (scripts/eval-*, bench and tests use it); what runs for learners never imports it, so it can grow without weighing on the app.",
      from: { path: "^src/", pathNot: ["^src/server/eval/", "\\.test\\.ts$"] },
      to: { path: "^src/server/eval/" },
    },
    {
      name: "pages-use-trpc",
      severity: "error",
      comment: "Pages, components and hooks reach the server through ~/trpc: the database and services are server-side.",
      from: { path: "^src/(app|components|hooks)/", pathNot: "^src/app/api/" },
      to: { path: [server("db", "services"), "^src/generated/"] },
    },
    {
      name: "routers-call-services",
      severity: "error",
      comment: "A router validates and calls one service: no database, Prisma or SDK of its own.",
      from: { path: "^src/server/api/routers/" },
      to: { path: [server("db"), "^src/generated/", npm("@prisma", "stripe", "ai", "@ai-sdk")] },
    },
    {
      name: "services-below-the-api",
      severity: "error",
      comment: "Services and the job runtime never import the API layer, tRPC or Next; raw SQL is in db/queries/<domain>.ts.",
      from: { path: server("services", "jobs") },
      to: { path: [server("api"), "^src/server/db/queries/run\\.ts$", npm("@trpc", "next")] },
    },
    {
      name: "jobs-know-no-job",
      severity: "error",
      comment: "jobs/ is the runtime only: what a job does comes in from the service that starts the worker.",
      from: { path: server("jobs") },
      to: { path: server("services", "ai", "video", "billing") },
    },
    {
      name: "adapters-below-services",
      severity: "error",
      comment: "The engines, video sources and billing never touch the database, services or the API layer.",
      from: { path: server("ai", "video", "billing") },
      to: { path: [server("db", "services", "api"), "^src/generated/"] },
    },
    {
      name: "video-does-not-read-ai",
      severity: "error",
      comment: "ai/ reads video/ (its types, transcripts, word relevance), never the other way.",
      from: { path: server("video") },
      to: { path: server("ai") },
    },
    {
      name: "language-reads-lib-only",
      severity: "error",
      comment: "language/ sits below ai/ and video/, which both read it: it imports lib/ and the logger only.",
      from: { path: server("language") },
      to: { path: "^src/", pathNot: ["^src/lib/", server("language"), "^src/server/logger\\.ts$"] },
    },
    {
      name: "lib-is-pure",
      severity: "error",
      comment: "lib/ is pure, universal code: nothing of the server, the pages or the client.",
      from: { path: "^src/lib/" },
      to: { path: "^src/(server|app|components|hooks|trpc)/" },
    },
    {
      name: "rules-are-zod-free",
      severity: "error",
      comment:
        "lib/rules/<area>.ts hold an area's limits and messages for pages as well as the server: zod (or a schema) there would load zod with every page that shows a limit.",
      from: { path: "^src/lib/rules/" },
      to: { path: ["zod", "^src/lib/schemas/"] },
    },
    ...areaOrder,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};

/**
 * `npm run lint:deps`: import circles in the app, its tests, benchmarks and scripts, type-only
 * imports included (a circle of types still means two modules that cannot be understood apart). The layers themselves (what may
 * import what) are ESLint's no-restricted-imports rules in eslint.config.js.
 */
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
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};

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
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};

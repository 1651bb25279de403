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
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};

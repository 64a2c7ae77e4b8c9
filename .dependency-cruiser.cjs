/**
 * The arrows between the project's parts, stated once: `npm run arrows` (part of `npm test`) fails on any import
 * that is not allowed here, naming the rule, the importing file and the imported one. README.md's "Dependencies
 * point one way" is written from this table.
 *
 * Each part lists the parts it may import (a part may always import itself). A part is a folder, or a single file
 * such as the Playwright configuration; an entry may be narrower than a part (a few of the suite's folders).
 */
const MAY_IMPORT = {
  // The run's settings: environment variable names, defaults, report paths. A leaf.
  settings: [],
  // The official OpenAPI documents: where they are, how they are loaded and compiled. A leaf both sides read.
  openapi: [],
  // The Open Payments client: signing, transport, curl lines. Knows no test and no server.
  clients: [],
  // The reference server is started by command, never imported; of the project it reads only the documents.
  'reference-server': ['openapi'],
  // The suite: it tests any server through the client and the target file, and reads the run's settings.
  conformance: ['clients', 'settings', 'openapi'],
  // The reports read the suite's rule registry and findings and the target; the verdict page's test renders the
  // page in the suite's Chromium.
  reports: ['conformance/rules', 'conformance/target', 'conformance/consent', 'settings', 'openapi'],
  // The command line drives a run: it checks the target, runs the suite and writes the reports.
  cli: ['conformance', 'reports', 'client-conformance', 'settings', 'openapi'],
  // The reference run starts the server and breaks copies of it (mutants), and judges the suite's results.
  'reference-run': ['conformance', 'reports', 'reference-server', 'settings'],
  // Client mode: plays the ASE with the reference server (its plan from the reference run, started by command),
  // reuses the suite's consent driver, finish hash and exchange rendering, and writes the verdict with the reports.
  'client-conformance': ['clients', 'conformance', 'reports', 'reference-run', 'settings'],
  // The Playwright configuration ties a run together; the server it starts by command.
  'playwright.config.ts': ['conformance', 'reports', 'reference-run', 'settings'],
}

const PARTS = Object.keys(MAY_IMPORT)
const literal = (path) => path.replace(/[.]/g, '\\.')
const under = (paths) => `^(${paths.map(literal).join('|')})(/|$)`

module.exports = {
  forbidden: [
    ...PARTS.map((part) => ({
      name: `${part}-imports`,
      severity: 'error',
      comment:
        MAY_IMPORT[part].length === 0
          ? `${part} imports nothing else of the project (see .dependency-cruiser.cjs)`
          : `${part} may import only ${MAY_IMPORT[part].join(', ')} (see .dependency-cruiser.cjs)`,
      from: { path: under([part]) },
      to: { path: under(PARTS), pathNot: under([part, ...MAY_IMPORT[part]]) },
    })),
    {
      name: 'server-routes-import-no-routes',
      severity: 'error',
      comment:
        "a server slice's routes import no other slice's routes: URL and body builders live in the slice's model.ts",
      from: { path: '^reference-server/src/[^/]+/routes[.]ts$' },
      to: { path: '^reference-server/src/[^/]+/routes[.]ts$' },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'two modules import each other, directly or through others: split out what they share',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'an import names a module that does not exist',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|reports/output)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.mjs', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
}

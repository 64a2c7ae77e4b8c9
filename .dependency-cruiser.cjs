/**
 * The arrows between the project's parts, stated once: `npm run arrows` (part of `npm test`) fails on any import
 * that is not allowed here, naming the rule, the importing file and the imported one. CONTRIBUTING.md's "Dependencies
 * point one way" is written from this table.
 *
 * Each part lists the parts it may import (a part may always import itself). A part is a folder, or a single file
 * such as the Playwright configuration; an entry may be narrower than a part (a few of the suite's folders).
 */
// What every floor of the suite may read besides the suite itself.
const SUITE_READS = ['clients', 'settings', 'openapi']
const SPECS_READ = [
  'conformance/fixtures',
  'conformance/checks',
  'conformance/steps',
  'conformance/harness',
  ...SUITE_READS,
]

const MAY_IMPORT = {
  // The run's settings: environment variable names, defaults, report paths. A leaf.
  settings: [],
  // The official OpenAPI documents: where they are, how they are loaded and compiled. A leaf both sides read.
  openapi: [],
  // The Open Payments client: signing, transport, curl lines. Knows no test and no server.
  clients: [],
  // The reference server is started by command, never imported; of the project it reads only the documents.
  'reference-server': ['openapi'],

  // The suite tests any server through the client and the target file, and reads the run's settings. Its floors,
  // from the bottom up; a floor imports only the floors below it (and what the suite may read), never one above or
  // beside it.
  // The harness talks to the target and sets up a run: http, openapi, the target file, discovery, client
  // identity, consent, GNAP grants, pre-flight, the rule registry, the suite's expect, waits and clocks.
  'conformance/harness': [...SUITE_READS],
  // Steps act: one module of calls per resource, the payment flows, list walking, signature rows. They make sure
  // each call they depend on answered as it must, and never use a check.
  'conformance/steps': ['conformance/harness', ...SUITE_READS],
  // Checks judge: refusals, amounts, pagination, GNAP errors, authentication, spent amounts, access. To judge, a
  // check may act through steps (read a page back, prove that nothing was created); steps never use checks.
  'conformance/checks': ['conformance/steps', 'conformance/harness', ...SUITE_READS],
  // The `test` every spec uses: Playwright fixtures that wire the harness and the steps for each test.
  'conformance/fixtures': ['conformance/steps', 'conformance/harness', ...SUITE_READS],
  // The top floor: the specs, and the property-based specs with their models, arbitraries and support. Neither
  // imports the other.
  'conformance/tests': SPECS_READ,
  'conformance/properties': SPECS_READ,
  // Beside the specs: the load generator (`bench`), the tools over the suite's listing and the browser consent
  // driver's bench, and the unit tests of the suite's own code.
  'conformance/load': ['conformance/checks', 'conformance/steps', 'conformance/harness', ...SUITE_READS],
  'conformance/tools': ['conformance/harness', 'settings'],
  'conformance/unit-tests': [
    'conformance/properties',
    'conformance/load',
    'conformance/tools',
    ...SPECS_READ,
  ],

  // The reports read the suite's rule registry and findings, the foundation steps and the target; the verdict
  // page's test renders the page in the suite's Chromium.
  reports: [
    'conformance/harness/rules',
    // The suite's digest in the verdict (run-subject.ts) walks its files as the listing's does.
    'conformance/harness/run/files-under.ts',
    'conformance/harness/foundations',
    'conformance/harness/target',
    'conformance/harness/consent',
    'settings',
    'openapi',
  ],
  // The command line drives a run: it checks the target (the harness), runs the suite, the load generator and the
  // tools over its listing, and writes the reports.
  cli: [
    'conformance/harness',
    'conformance/load',
    'conformance/tools',
    'reports',
    'client-conformance',
    'settings',
    'openapi',
  ],
  // The reference run starts the server and breaks copies of it (mutants), and judges the suite's results with its
  // rule registry and target file.
  'reference-run': ['conformance/harness', 'reports', 'reference-server', 'settings', 'openapi'],
  // Client mode: plays the ASE with the reference server (its plan from the reference run, started by command),
  // reuses the suite's consent driver, GNAP finish hash and exchange rendering, and writes the verdict with the
  // reports.
  'client-conformance': ['clients', 'conformance/harness', 'reports', 'reference-run', 'settings'],
  // The Playwright configuration ties a run together; the server it starts by command.
  'playwright.config.ts': ['conformance/harness', 'reports', 'reference-run', 'settings'],
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
      name: 'conformance-floors',
      severity: 'error',
      comment:
        'every folder of the suite is one of its floors: add a new one to MAY_IMPORT in .dependency-cruiser.cjs',
      from: { path: '^conformance/', pathNot: under(PARTS) },
      to: {},
    },
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

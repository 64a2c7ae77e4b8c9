import { createRequire } from 'node:module'

/**
 * The suite runs from its TypeScript in a checkout, through tsx, and from the JavaScript the package's build wrote
 * (`npm run build:package`, .ci/build-package.ts) once installed, where nothing may load TypeScript: Node refuses
 * it inside node_modules. A module the suite names to a child process or to Playwright (a reporter, the reference
 * server's entry point) is named through here, so that it is the one this copy of the suite runs.
 */
export const BUILT = import.meta.url.endsWith('.js')

/** The arguments of `node` that let it load the suite's modules: tsx's loader in a checkout, none when built. */
export const NODE_LOADER: readonly string[] = BUILT ? [] : ['--import', 'tsx']

/** A module's path as the source names it (`x.ts`), as this copy of the suite has it (`x.js` when built). */
export function suiteModule(path: string): string {
  return BUILT ? path.replace(/\.ts$/, '.js') : path
}

/**
 * Playwright's command, run by node itself from the suite's own dependencies: a bare npx would add its own start-up
 * (seconds on a busy machine) and, outside a checkout, may fetch whatever the public registry holds.
 */
export const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve('@playwright/test/cli')

import { resolve } from 'node:path'

/**
 * The settings of a conformance run, in one leaf that the suite, the reports, the command line and the
 * Playwright configuration all read: the environment variables that carry them from `op-conformance run` to
 * Playwright's workers and reporters, their defaults, and where a run writes. It imports nothing of the project.
 */

/** The target file of the run (`--target FILE`); without it the run is against the reference server. */
export const TARGET_ENV = 'CONFORMANCE_TARGET'
/** Set by `op-conformance run --quick`: no expiry is waited for. */
export const QUICK_ENV = 'CONFORMANCE_QUICK'
/** Console reporters chosen with `npm run conformance -- --reporter x,y`; the report reporters always run. */
export const CONSOLE_REPORTER_ENV = 'CONFORMANCE_CONSOLE_REPORTER'
/** The expected-failures file of `--baseline FILE`, read by the verdict reporter and by the workers (expected-failure.ts). */
export const BASELINE_ENV = 'CONFORMANCE_BASELINE'
/** Set by `--shard`: the run writes a blob report for `op-conformance merge` instead of a verdict. */
export const SHARD_ENV = 'CONFORMANCE_SHARD'
/** The folder a run writes everything to (`--output DIR`). */
export const REPORT_DIR_ENV = 'REPORT_DIR'
/**
 * Set beside CONFORMANCE_TARGET when the target file is the one the run configuration wrote for the reference
 * server: Playwright's workers load the configuration again, and must know the run is against the reference
 * server the main process started.
 */
export const REFERENCE_RUN_ENV = 'REFERENCE_RUN_TARGET'

/**
 * A file every token value a worker sees is appended to: only the suite's own test of redaction sets it, to scan
 * the reports of a real run for those values (cli/test/redaction.test.ts).
 */
export const TOKEN_LOG_ENV = 'CONFORMANCE_TOKEN_LOG'

/**
 * The run's private temporary folder where workers leave the grants they share, for the workers that replace them
 * (conformance/harness/gnap/run-grant-store.ts), and the token values they saw, for the main process to redact
 * Playwright's traces with (conformance/harness/http/redact-tokens.ts); made by the main process, never inside the
 * report folder, removed when the run ends.
 */
export const GRANT_STORE_ENV = 'CONFORMANCE_GRANT_STORE'

/**
 * A file in the run's private folder (GRANT_STORE_ENV) naming the locally served clients of the run and their
 * keys: the main process serves them for the whole run, so every worker signs as the same client
 * (conformance/harness/client-identity/run-local-clients.ts).
 */
export const LOCAL_CLIENTS_ENV = 'CONFORMANCE_LOCAL_CLIENTS'

/**
 * Set by `op-conformance run --no-stop`: a foundation step that fails (conformance/harness/foundations/) stops
 * nothing, and every test runs.
 */
export const NO_STOP_ENV = 'CONFORMANCE_NO_STOP'

export const DEFAULT_REPORT_DIR = 'reports/output'

/**
 * The folder the command was run from, set by the command for Playwright, which runs from the suite's folder
 * (inside node_modules once installed): a path shown to the user (the baseline, a replay line's target file) is
 * relative to theirs.
 */
export const USER_DIR_ENV = 'CONFORMANCE_USER_DIR'
export const userDir = (): string => process.env[USER_DIR_ENV] ?? process.cwd()

/** Everything a run writes, under one folder: `--output DIR`, which sets REPORT_DIR for the run. */
export function reportPaths(rootDir: string) {
  const root = resolve(rootDir)
  return {
    root,
    html: resolve(root, 'html'),
    allureResults: resolve(root, 'allure-results'),
    allureReport: resolve(root, 'allure-report'),
    verdict: resolve(root, 'verdict'),
    testResults: resolve(root, 'test-results'),
    /** Playwright's blob report of a shard, merged later by `op-conformance merge`. */
    blob: resolve(root, 'blob'),
    archive: resolve(root, 'conformance-evidence.tar.gz'),
    /** What the first stage proved of each foundation step, for the workers of the rest of the run. */
    foundations: resolve(root, 'foundations.json'),
    /** Written once the target stops answering: every worker then skips what is left (target-liveness.ts). */
    targetStopped: resolve(root, 'target-stopped.json'),
  } as const
}

export type ReportPaths = ReturnType<typeof reportPaths>

export const REPORT_PATHS = reportPaths(process.env[REPORT_DIR_ENV] ?? DEFAULT_REPORT_DIR)

/**
 * A file the progress reporter creates as it starts (reports/src/progress-reporter.ts): until it exists, the
 * command says that Playwright is still starting (cli/playwright-run.ts); from then on the reporter keeps the
 * console alive.
 */
export const PROGRESS_STARTED_ENV = 'CONFORMANCE_PROGRESS_STARTED'

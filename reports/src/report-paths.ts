import { resolve } from 'node:path'

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
  } as const
}

export type ReportPaths = ReturnType<typeof reportPaths>

export const DEFAULT_REPORT_DIR = 'reports/output'

export const REPORT_PATHS = reportPaths(process.env.REPORT_DIR ?? DEFAULT_REPORT_DIR)

/** Console reporters chosen with `npm run conformance -- --reporter x,y`; the report reporters always run. */
export const CONSOLE_REPORTER_ENV = 'CONFORMANCE_CONSOLE_REPORTER'
/** The expected-failures file of `--baseline FILE`, read by the verdict reporter. */
export const BASELINE_ENV = 'CONFORMANCE_BASELINE'
export { QUICK_ENV } from '../../conformance/target/expiry-wait.ts'
/** Set by `--shard`: the run writes a blob report for `op-conformance merge` instead of a verdict. */
export const SHARD_ENV = 'CONFORMANCE_SHARD'

import type { ReporterDescription } from '@playwright/test'
import { REPORT_PATHS } from '../../settings/run-settings.ts'
import { suiteModule } from '../../settings/suite-modules.ts'

/** Listed before every other reporter, console included, so none of them sees the machine's absolute paths. */
export const RELATIVE_PATHS: ReporterDescription = [
  new URL(suiteModule('./relative-paths-reporter.ts'), import.meta.url).pathname,
]

/**
 * Right after RELATIVE_PATHS, before the console: a test that ran as an expected failure only to keep its worker is
 * shown failed by every reporter after it (kept-worker-status-reporter.ts).
 */
export const KEPT_WORKER_STATUS: ReporterDescription = [
  new URL(suiteModule('./kept-worker-status-reporter.ts'), import.meta.url).pathname,
]

/**
 * Right after the console reporters: a line at least every 10 s while no test reports (reports/src/progress-reporter.ts);
 * its "Writing the reports" comes after their summary, before the reports below are written.
 */
export const PROGRESS: ReporterDescription = [
  new URL(suiteModule('./progress-reporter.ts'), import.meta.url).pathname,
]

/** The reports every complete run writes, whether one run or the merge of shards (cli/merge.config.ts). */
export const REPORTS: ReporterDescription[] = [
  ['html', { outputFolder: REPORT_PATHS.html, open: 'never' }],
  [
    new URL(suiteModule('./allure-reporter.ts'), import.meta.url).pathname,
    { resultsDir: REPORT_PATHS.allureResults, detail: false },
  ],
  [
    new URL(suiteModule('./conformance-reporter.ts'), import.meta.url).pathname,
    { outputDir: REPORT_PATHS.verdict },
  ],
]

/** Before any worker starts: which foundation steps this run proves, for the tests that wait on them. */
export const FOUNDATION_PLAN: ReporterDescription = [
  new URL(suiteModule('./foundation-plan-reporter.ts'), import.meta.url).pathname,
]

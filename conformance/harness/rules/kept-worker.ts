import type { TestInfo } from '@playwright/test'
import { plainErrorMessage, rulesNamedIn } from './rules-named-in.ts'

/**
 * Set to 1, the run records Playwright traces (playwright.config.ts) and every failed test gets a fresh worker and
 * so keeps its trace (a kept worker's test has none): slower, for whoever wants the traces.
 */
export const FAILURE_TRACES_ENV = 'OP_FAILURE_TRACES'

/** The annotation (Playwright's `fail`) a test gets when its failure keeps its worker. */
export const KEPT_WORKER_NOTE =
  'failed on the server’s answers, charged to the rules its messages name: Playwright keeps the worker'

/**
 * Marks a failed test whose every error names its rule (`[RULE-ID]`: a check saw the server answer wrongly) as
 * Playwright's expected failure, from the test's last teardown. Playwright replaces a worker after every
 * unexpected failure, on the chance that it left the worker broken: a new process, the suite's modules loaded
 * again, its worker fixtures set up again, 2 s on a quiet machine and 6 s at load 15, measured, against a few
 * milliseconds for the test itself. A wrong answer leaves nothing broken, so against a server that fails most
 * tests a failure now costs what a pass does. A timeout, or an error that names no rule (the suite's own, a consent
 * page), still gets a fresh worker. The verdict reads the tests' own statuses, so it is the same either way, and
 * the first reporter gives these tests back their expected status (reports/src/kept-worker-status-reporter.ts), so
 * the console, the HTML report and Allure show them failed. Playwright keeps no trace for them: their exchanges are
 * attached (base-test.ts), and the verdict shows them; OP_FAILURE_TRACES=1 keeps them instead of the workers.
 */
export function keepWorkerAfterRuleFailure(testInfo: TestInfo): void {
  if (testInfo.status !== 'failed' || testInfo.expectedStatus !== 'passed') return
  if (process.env[FAILURE_TRACES_ENV] === '1') return
  // Playwright retries only an unexpected failure: with --retries, every attempt but the last stays one.
  if (testInfo.retry < testInfo.project.retries) return
  const named = testInfo.errors.map((error) => rulesNamedIn(plainErrorMessage(error)))
  if (named.length === 0 || named.some((rules) => rules.length === 0)) return
  testInfo.fail(true, KEPT_WORKER_NOTE)
}

import type { Reporter, TestCase } from '@playwright/test/reporter'
import { KEPT_WORKER_NOTE } from '../../conformance/harness/rules/kept-worker.ts'
import { VERDICT_PROJECTS } from './verdict-projects.ts'

/**
 * A test that failed on the server's answers ran as Playwright's expected failure only so that its worker is kept
 * (conformance/harness/rules/kept-worker.ts): the worker has decided by the time the result reaches the main
 * process. Listed before every other reporter, this one gives such a test back its expected status, so the console,
 * the HTML report, Allure and Playwright's own exit status show it failed, as it did. Not a foundation step's: in a
 * shard the runner reads the foundations' statuses after the reporters to decide whether the projects depending on
 * them run, and they must run (each test skips itself, with the reason, where it needs the step that failed).
 */
export default class KeptWorkerStatusReporter implements Reporter {
  printsToStdio(): boolean {
    return false
  }

  onTestEnd(test: TestCase): void {
    if (test.parent.project()?.name === VERDICT_PROJECTS.foundations) return
    if (!test.annotations.some((a) => a.type === 'fail' && a.description === KEPT_WORKER_NOTE)) return
    test.expectedStatus = 'passed'
  }
}

import type { TestInfo } from '@playwright/test'
import { plainErrorMessage } from '../rules/rules-named-in.ts'
import { runningTest } from '../time/test-clock.ts'
import { awaitFoundation } from './foundation-plan.ts'
import { foundationStop, writeFoundationResult } from './foundation-results.ts'
import {
  FOUNDATION_ANNOTATION,
  type FoundationResult,
  type FoundationStep,
  isFoundationStep,
  isNotReachedReason,
  notReachedReason,
} from './foundation-steps.ts'

/** A reason is one line the verdict repeats for every test it stopped: the failure's start, and its exchange. */
const MAX_FAILURE = 300

/**
 * Called where the suite takes a foundation step for a test (a grant, the consent, an incoming payment it needs):
 * while the run's first stage has not yet proven the step, the test waits for it, and that wait is added to its
 * timeout (the suite's own time, not the target's). When the stage saw the step fail, the running test is skipped
 * with `not reached: <step> fails: …`, so that its rules are NOT TESTED for that reason rather than each test
 * finding out again, and failing. The first stage's own test of the step is never stopped by its own result.
 */
export async function needFoundation(step: FoundationStep): Promise<void> {
  const info = runningTest()
  if (!info || stepOf(info) === step) return
  const waited = await awaitFoundation(step)
  if (waited > 0 && info.timeout > 0) info.setTimeout(info.timeout + waited)
  const reason = foundationStop(step)
  if (reason) info.skip(true, reason)
}

/**
 * From the test's last teardown: a foundation test leaves its step's result for the rest of the run. A step that
 * failed stays the verdict's failure, charged by the check that saw it; Playwright is told it was expected: it keeps
 * the stage's worker for the next step (the failure left nothing broken in it), and a shard, whose projects depend
 * on the stage, runs no project after one with an unexpected failure.
 */
export function settleFoundation(testInfo: TestInfo, file?: string): void {
  const step = stepOf(testInfo)
  if (!step) return
  writeFoundationResult(resultOf(step, testInfo), file)
  const status = testInfo.status
  if (status && status !== 'passed' && status !== 'skipped') {
    testInfo.annotations.push({
      type: 'foundation step',
      description: `${status}: the run goes on; the tests that need this step are skipped unless it was cut short`,
    })
    testInfo.expectedStatus = status
  }
}

function stepOf(info: TestInfo): FoundationStep | undefined {
  const step = info.annotations.find((a) => a.type === FOUNDATION_ANNOTATION)?.description
  return isFoundationStep(step) ? step : undefined
}

function resultOf(step: FoundationStep, info: TestInfo): FoundationResult {
  if (info.status === 'passed') return { step, outcome: 'holds' }
  if (info.status === 'skipped') {
    const reason = info.annotations.find((a) => a.type === 'skip')?.description
    // Skipped by an earlier step's failure: not reached either. Skipped by the target's settings: open.
    return isNotReachedReason(reason) ? { step, outcome: 'not reached', reason } : { step, outcome: 'open' }
  }
  // The suite's own time ran out: nothing is known of the step.
  if (info.status !== 'failed') return { step, outcome: 'open' }
  return { step, outcome: 'fails', reason: notReachedReason(step, failureOf(info)) }
}

/** The first line of the first error, and the exchange it was about when that line does not show it. */
function failureOf(info: TestInfo): string {
  const first =
    plainErrorMessage(info.errors[0] ?? {})
      .replace(/^\s*([A-Za-z]*Error:\s*)/, '')
      .trim()
      .split('\n')[0] ?? ''
  const last = info.attachments.findLast((a) => a.name.startsWith('exchange '))?.name
  const line = first.includes(' -> ') || !last ? first : `${first} (${last})`
  return line.length > MAX_FAILURE ? `${line.slice(0, MAX_FAILURE - 1)}…` : line
}

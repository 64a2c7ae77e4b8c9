import type { TestInfo } from '@playwright/test'
import { BASELINE_ENV } from '../../../settings/run-settings.ts'
import { type Baseline, loadBaseline, namesTest } from './baseline-file.ts'
import { plainErrorMessage, rulesNamedIn } from './rules-named-in.ts'

/** What a failed test leaves for the baseline to judge: its title as the verdict shows it, and its messages. */
export interface FailedTest {
  title: string
  errors: readonly string[]
}

/**
 * The reasons a baseline gives for expecting a failed test's failure, or undefined when it does not expect it
 * at all: a test entry names the test, or every message names rules (`[RULE-ID]`) and each rule named has a rule
 * entry. A message that names no rule (a harness error, a timeout) is never expected here, though the verdict may
 * still blame a listed rule for it: this only decides what Playwright may take for an expected failure.
 */
export function baselineReasonsFor(
  baseline: Pick<Baseline, 'expectedFailures'>,
  test: FailedTest,
): string[] | undefined {
  const testEntry = baseline.expectedFailures.find((e) => e.test && namesTest(e.test, test.title))
  if (testEntry) return [testEntry.reason]
  const named = test.errors.map(rulesNamedIn)
  if (named.length === 0 || named.some((rules) => rules.length === 0)) return undefined
  const entries = [...new Set(named.flat())].map((id) => baseline.expectedFailures.find((e) => e.rule === id))
  return entries.every(Boolean) ? [...new Set(entries.map((e) => e!.reason))] : undefined
}

let runBaseline: Baseline | undefined

/**
 * Marks a failed test that the run's baseline expects as Playwright's expected failure (test.fail), from a
 * fixture's teardown. Playwright replaces a worker after every unexpected failure, on the chance that it left the
 * worker broken; a known deviation of the target leaves nothing broken, and against a server with a few dozen of
 * them the replacements were close to half of the run's CPU. The verdict reads the tests' own statuses, so it is the
 * same either way; Playwright's reports show these tests as expected failures, and keep no trace for them.
 */
export function expectFailureIfBaselined(testInfo: TestInfo): void {
  if (testInfo.status !== 'failed' || testInfo.expectedStatus !== 'passed') return
  const file = process.env[BASELINE_ENV]
  if (!file) return
  // The runner checked the file before the run started; a worker reads it at its first failure.
  runBaseline ??= loadBaseline(file)
  const title = [testInfo.project.name, ...testInfo.titlePath].filter(Boolean).join(' › ')
  const reasons = baselineReasonsFor(runBaseline, { title, errors: testInfo.errors.map(plainErrorMessage) })
  if (reasons) testInfo.fail(true, `expected by the baseline ${file}: ${reasons.join('; ')}`)
}

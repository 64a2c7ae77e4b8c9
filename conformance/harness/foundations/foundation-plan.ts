import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { REPORT_PATHS } from '../../../settings/run-settings.ts'
import { readFoundationResults } from './foundation-results.ts'
import { type FoundationStep, isFoundationStep } from './foundation-steps.ts'

/**
 * The foundation steps this run's first stage will prove, written by the main process before any worker starts
 * (foundation-plan-reporter.ts). The stage runs beside the rest of the suite, whose workers start while it runs: a
 * test that needs a planned step waits for the step's result instead of for the whole stage. Without the file (a
 * run filtered to other tests, a shard without the stage) nothing is planned, and nothing waits.
 */
export function planFile(results = REPORT_PATHS.foundations): string {
  return `${results}.planned`
}

export function writeFoundationPlan(
  steps: readonly FoundationStep[],
  results = REPORT_PATHS.foundations,
): void {
  mkdirSync(dirname(results), { recursive: true })
  writeFileSync(planFile(results), `${JSON.stringify(steps)}\n`)
}

export function readFoundationPlan(results = REPORT_PATHS.foundations): FoundationStep[] {
  try {
    const steps = JSON.parse(readFileSync(planFile(results), 'utf8')) as unknown
    return Array.isArray(steps) ? steps.filter(isFoundationStep) : []
  } catch {
    return []
  }
}

export function clearFoundationPlan(results = REPORT_PATHS.foundations): void {
  rmSync(planFile(results), { force: true })
}

/** How often a waiting test looks for the step's result: the stage's steps take a few hundred ms each. */
const POLL_MS = 100

let waitedInWorker = 0

/**
 * The time this worker's tests have waited for the first stage so far: differences of it measure a span (a
 * property's search is given that much more time: property-budget.ts).
 */
export function foundationWaitMs(): number {
  return waitedInWorker
}

/**
 * Waits until the first stage has a result for `step`, if the stage plans it: the milliseconds waited. A step's
 * test always leaves a result, in its last teardown, or, when its worker died first, from the plan's reporter;
 * its own timeout bounds the wait.
 */
export async function awaitFoundation(
  step: FoundationStep,
  results = REPORT_PATHS.foundations,
  pollMs = POLL_MS,
): Promise<number> {
  const settled = () => readFoundationResults(results).some((r) => r.step === step)
  // Most calls come after the step's result: one read of the results then, and none of the plan.
  if (settled() || !readFoundationPlan(results).includes(step)) return 0
  const started = performance.now()
  while (!settled()) await sleep(pollMs)
  const waited = performance.now() - started
  waitedInWorker += waited
  return waited
}

import { TARGET_STOPPED } from '../../conformance/harness/rules/target-stopped.ts'
import { plural } from './plural.ts'
import type { TestRecord } from './verdict.ts'

/** The target stopped answering during the run: why (the request after which it did), and the tests it kept from running. */
export interface TargetStop {
  reason: string
  testsNotRun: number
}

/**
 * Whether the run's target stopped answering, as its records show it: every test after the stop is skipped with
 * the stop's reason (conformance/harness/http/target-liveness.ts). Derived from the records alone, so a verdict
 * recomputed from an archive (op-conformance verify) announces it as the run did.
 */
export function targetStopOf(records: readonly TestRecord[]): TargetStop | undefined {
  const skipped = records.filter((record) => record.skipReason?.startsWith(TARGET_STOPPED))
  const first = skipped[0]?.skipReason
  return first === undefined ? undefined : { reason: first, testsNotRun: skipped.length }
}

/** What the headline adds: the verdict stands on the answers before the stop, and nothing after it was judged. */
export function targetStopSentence(stop: TargetStop): string {
  return `; ${stop.reason}: ${plural(stop.testsNotRun, 'test')} after it did not run and charge no rule`
}

import {
  FOUNDATION_STEPS,
  type FoundationOutcome,
  isFoundationStep,
  isNotReachedReason,
  notReachedReason,
} from '../../conformance/harness/foundations/foundation-steps.ts'
import { firstLine, type TestRecord } from './test-record.ts'

/** One foundation step as the verdict tells it (conformance/harness/foundations/). */
export interface FoundationVerdict {
  step: string
  test: string
  outcome: FoundationOutcome
  reason?: string
}

/**
 * The foundation steps of the run, in their order, from their tests' records: the same reading whether the
 * verdict comes from one run or from merged shards. A cut-short or skipped-by-setting step is `open`.
 */
export function foundationsOf(records: readonly TestRecord[]): FoundationVerdict[] {
  const steps = Object.keys(FOUNDATION_STEPS)
  return records
    .filter((r): r is TestRecord & { foundation: string } => isFoundationStep(r.foundation))
    .sort((a, b) => steps.indexOf(a.foundation) - steps.indexOf(b.foundation))
    .map((record) => {
      const step = record.foundation as keyof typeof FOUNDATION_STEPS
      const base = { step: FOUNDATION_STEPS[step], test: record.title }
      if (record.outcome === 'passed') return { ...base, outcome: 'holds' }
      if (record.outcome === 'skipped') {
        return isNotReachedReason(record.skipReason)
          ? { ...base, outcome: 'not reached', reason: record.skipReason }
          : { ...base, outcome: 'open' }
      }
      if (record.cut) return { ...base, outcome: 'open', reason: record.cut }
      const failure = firstLine(record.errors.join('\n').replace(/^\s*([A-Za-z]*Error:\s*)/, ''))
      return { ...base, outcome: 'fails', reason: notReachedReason(step, failure) }
    })
}

/** How many tests a foundation step stopped: skipped, not reached because a step they need failed. */
export function stoppedByFoundations(records: readonly TestRecord[]): number {
  return records.filter(
    (r) => r.outcome === 'skipped' && !isFoundationStep(r.foundation) && isNotReachedReason(r.skipReason),
  ).length
}

/**
 * The console's and the Markdown's first lines when a step failed: which one, what it answered, and what that
 * stopped. Nothing when every step held.
 */
export function foundationLines(verdict: {
  foundations: readonly FoundationVerdict[]
  stoppedByFoundations: number
}): string[] {
  const failed = verdict.foundations.filter((f) => f.outcome === 'fails')
  if (failed.length === 0) return []
  return [
    ...failed.map((f) => `  FOUNDATION FAILS: ${f.reason?.replace(/^not reached: /, '') ?? f.step}`),
    ...verdict.foundations
      .filter((f) => f.outcome === 'not reached')
      .map((f) => `    then not reached: ${f.step}`),
    `    ${verdict.stoppedByFoundations} tests that need ${failed.length === 1 ? 'it' : 'them'} were not run ` +
      '(their rules are NOT TESTED; op-conformance run --no-stop runs every test anyway)',
  ]
}

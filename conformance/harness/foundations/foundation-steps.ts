import type { TestDetails } from '@playwright/test'
import { covers } from '../rules/covers.ts'
import type { RuleId } from '../rules/registry.ts'

/**
 * The steps nearly every test needs, proven once by the first stage of a run (conformance/tests/foundations.spec.ts)
 * before the tests that need them go on: when one fails, the tests that need it do not run (need-foundation.ts).
 */
export const FOUNDATION_STEPS = {
  'wallet-addresses': 'the wallet address documents',
  grant: 'a non-interactive grant',
  'interactive-grant': 'an interactive grant with consent',
  'incoming-payment': 'creating and reading an incoming payment',
  quote: 'a quote',
  'outgoing-payment': 'an outgoing payment',
} as const

export type FoundationStep = keyof typeof FOUNDATION_STEPS

/** A foundation test's details: the step it proves, and the rules whose checks it runs (as `covers`). */
export function foundation(step: FoundationStep, ...rules: RuleId[]): TestDetails {
  const details = covers(...rules)
  return {
    ...details,
    annotation: [{ type: FOUNDATION_ANNOTATION, description: step }, ...[details.annotation ?? []].flat()],
  }
}

/** Names the step a foundation test proves (its description), for the verdict and the step's result. */
export const FOUNDATION_ANNOTATION = 'foundation'

/**
 * Where a step stands once its test has ended: `holds`; `fails` (the test failed: the tests that need it are not
 * run); `not reached` (an earlier step it needs failed); `open` (skipped for a reason of the target's settings, or
 * cut short by the suite's own time: nothing is known, so it stops nothing).
 */
export type FoundationOutcome = 'holds' | 'fails' | 'not reached' | 'open'

export interface FoundationResult {
  step: FoundationStep
  outcome: FoundationOutcome
  /** For `fails` and `not reached`: the reason the tests that need the step are skipped with. */
  reason?: string
}

export function isFoundationStep(name: string | undefined): name is FoundationStep {
  return name !== undefined && Object.hasOwn(FOUNDATION_STEPS, name)
}

/** The reason a test that needs `step` is not run: `not reached: <step> fails: <what failed, and the exchange>`. */
export function notReachedReason(step: FoundationStep, failure: string): string {
  return `not reached: ${FOUNDATION_STEPS[step]} fails: ${failure}`
}

/** Whether a skip reason is one a foundation gave: the step it names was not reached either. */
export function isNotReachedReason(reason: string | undefined): boolean {
  return reason?.startsWith('not reached: ') ?? false
}

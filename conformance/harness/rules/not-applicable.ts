import { test } from '@playwright/test'
import { observe } from './observations.ts'
import type { RuleRef } from './registry.ts'

export const NOT_APPLICABLE_ANNOTATION = 'not applicable'

/**
 * Skips the running test when `condition` holds because the target lacks what its rules are about (no wallet
 * address in a second asset: no cross-asset quote). The verdict names such rules NOT APPLICABLE, which does not
 * block conformance; a plain test.skip leaves a rule untested, which does.
 */
export function notApplicable(condition: boolean, reason: string): void {
  if (!condition) return
  test.info().annotations.push({ type: NOT_APPLICABLE_ANNOTATION, description: reason })
  test.skip(true, reason)
}

/**
 * The server's own choice makes one rule of the running test moot, while the test goes on for its others (no
 * `continue.wait` in the answer: nothing to wait for, CONT-WAIT does not apply). The rule is NOT APPLICABLE unless
 * another check of it ran.
 */
export function ruleNotApplicable(ruleId: RuleRef, reason: string): void {
  observe(ruleId, 'not-applicable', reason)
}

import { test } from '@playwright/test'

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

import { test } from '@playwright/test'
import type { RuleId } from './registry.ts'

export const UNCHECKED_ANNOTATION = 'unchecked'

/**
 * Skips the running test before it could check `ruleIds` (a payment too slow to settle, a clock that kept
 * straddling an interval). What the test saw of those rules so far were steps on the way to their check (a
 * payment created within its debitAmount is not one that settled), so the verdict does not count them as the
 * rules' passes: such a rule passes only on a test that reached its check (docs/verdict.md).
 */
export function skipUnchecked(ruleIds: readonly RuleId[], reason: string): void {
  for (const id of ruleIds) test.info().annotations.push({ type: UNCHECKED_ANNOTATION, description: id })
  test.skip(true, reason)
}

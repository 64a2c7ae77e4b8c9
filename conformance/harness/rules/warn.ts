import { test } from '@playwright/test'
import { rule, WARNING_ANNOTATION } from './covers.ts'
import { observe } from './observations.ts'
import type { RuleRef } from './registry.ts'

/**
 * Records a finding that a correct server may legitimately show (a SHOULD, or a point where servers differ):
 * reported in the verdict, never a failure. It is evidence for a SHOULD or beyond-spec rule; a spec MUST rule that saw
 * only warnings is not shown to hold (docs/verdict.md).
 */
export function warn(ruleId: RuleRef, message: string): void {
  test.info().annotations.push({ type: WARNING_ANNOTATION, description: rule(ruleId, message) })
  observe(ruleId, 'warning', message)
}

/**
 * Records that a check whose other branch is `warn` saw the right answer (the document id is the URL fetched):
 * the evidence that the check ran. Where a failing answer fails the test, `expect(value, rule(...))` records it.
 */
export function held(ruleId: RuleRef, message: string): void {
  observe(ruleId, 'pass', message)
}

import type { TestDetails } from '@playwright/test'
import { checkRef, findRule, type RuleId, type RuleRef } from './registry.ts'

export const RULE_ANNOTATION = 'rule'
export const WARNING_ANNOTATION = 'warning'

/**
 * Declares the rules a test checks, as tags (for --grep @RULE-ID) and annotations (for the verdict).
 * Throws at load time on an unknown ID so a typo cannot leave a rule silently untested.
 */
export function covers(...ids: RuleId[]): TestDetails {
  for (const id of ids) {
    if (!findRule(id))
      throw new Error(`covers(): unknown rule ID "${id}" (see conformance/harness/rules/registry.ts)`)
  }
  return {
    tag: ids.map((id) => `@${id}`),
    annotation: ids.map((id) => ({ type: RULE_ANNOTATION, description: id })),
  }
}

/**
 * Prefix for assertion messages so the verdict can attribute a failure, and a pass, to the exact rule and clause
 * (`[IP-CREATE#methods] ...`).
 */
export function rule(ref: RuleRef, message: string): string {
  checkRef(ref)
  return `[${ref}] ${message}`
}

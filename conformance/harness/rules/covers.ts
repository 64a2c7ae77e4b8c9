import type { TestDetails } from '@playwright/test'
import { findRule, type RuleId } from './registry.ts'

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

/** Prefix for assertion messages so the verdict can attribute a failure to the exact rule. */
export function rule(id: RuleId, message: string): string {
  if (!findRule(id)) throw new Error(`rule(): unknown rule ID "${id}"`)
  return `[${id}] ${message}`
}

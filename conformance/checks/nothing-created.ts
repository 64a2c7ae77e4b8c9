import { expect } from '../harness/expect/conformance-expect.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import type { Listing } from '../steps/resources.ts'

/**
 * No resource on the listing carries the marker: the one way the suite proves that a refused request created
 * nothing (the list is walked whole: its order is open). `expectRefusedWithoutEffect` asks the same question
 * through its `tookEffect` probe, where a positive control follows.
 */
export async function expectNothingCreated(
  { resources, list, token, listRule }: Listing,
  marker: string,
  ruleId: RuleId,
  what: string,
): Promise<void> {
  const shown = await resources.listed(list, token, marker, listRule)
  expect(shown, rule(ruleId, `${what} created nothing`)).toBe(false)
}

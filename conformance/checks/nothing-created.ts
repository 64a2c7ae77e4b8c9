import { expect } from '../harness/expect/conformance-expect.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleRef } from '../harness/rules/registry.ts'
import type { Listing } from '../steps/resources.ts'

/** What the check walks: a listing, or what gives one whose page failures count under the check's own rule. */
export type ListingSource = Listing | { listing(listRule: RuleRef): Promise<Listing> }

/**
 * No resource on the listing carries the marker: the one way the suite proves that a refused request created
 * nothing (the list is walked whole: its order is open). `expectRefusedWithoutEffect` asks the same question
 * through its `tookEffect` probe, where a positive control follows.
 */
export async function expectNothingCreated(
  source: ListingSource,
  marker: string,
  ruleId: RuleRef,
  what: string,
): Promise<void> {
  const { resources, list, token, listRule } = 'listing' in source ? await source.listing(ruleId) : source
  const shown = await resources.listed(list, token, marker, listRule)
  expect(shown, rule(ruleId, `${what} created nothing`)).toBe(false)
}

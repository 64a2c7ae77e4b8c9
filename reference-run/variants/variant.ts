/** What an allowed variant is: a behaviour the spec allows but the reference server does not have. */

import type { RuleId, RuleRef } from '../../conformance/harness/rules/registry.ts'
import type { TargetFile } from '../../conformance/harness/target/target-file.ts'
import type { Edit } from '../mutants/mutant.ts'

/**
 * The verdict the variant must get from the specs it runs: CONFORMANT (each rule of `warns` warned, other
 * warnings allowed), INCOMPLETE because the checks a correct-but-different server cannot be put through
 * without a setting were not tested, each naming `setting` (or one of them, where the reason may be a setting or
 * the target's own behaviour), or NOT CONFORMANT on exactly the rules `fails`.
 */
export type ExpectedVerdict =
  | { verdict: 'CONFORMANT'; warns: RuleId[] }
  | { verdict: 'INCOMPLETE'; setting: string | readonly string[] }
  /**
   * A misleading situation (misleading-situations.ts): exactly these spec rules fail (or are inconclusive),
   * charged by their checks; with `mayPass`, no other spec rule may pass (a server that keeps no state and checks
   * no signature can only show answers of the right shape).
   */
  | { verdict: 'NOT CONFORMANT'; fails: RuleId[]; mayPass?: RuleId[] }

export interface Variant {
  id: string
  /**
   * `stub`: the server is the stateless OpenAPI-example stub (reference-run/stub-server/), its target file the
   * run's, and `edits` must be empty; unset: the reference server with `edits`.
   */
  server?: 'stub'
  /** The behaviour, in one line. */
  description: string
  /** Where the spec allows it (docs/spec-decisions.md says more). */
  allowedBy: string
  edits: Edit[]
  /** The spec files whose rules the variant touches (`--whole-suite` runs every one). */
  specs: string[]
  expected: ExpectedVerdict
  /**
   * The rules, or clauses of them, whose checks meet the behaviour: a run that ends as declared proves they tolerate
   * it where they were exercised and not failed (reports/rule-proof.jsonl). Empty for a situation that only fails.
   */
  about: RuleRef[]
}

const REFERENCE_PLAN = 'reference-run/reference-plan.ts'

/** Adds `settings` to the target file the run writes for the reference server. */
export function targetSettings(settings: Partial<TargetFile>): Edit {
  const find = '    capabilities: { tokenExpiryWaitable: true, unfundedPaymentsFail: true },\n'
  return { file: REFERENCE_PLAN, find, replace: `${find}    ...${JSON.stringify(settings)},\n` }
}

/** Starts the reference server with another value of one of the variables the run sets. */
export function serverSetting(name: string, from: string, to: string): Edit {
  return { file: REFERENCE_PLAN, find: `${name}: '${from}',`, replace: `${name}: '${to}',` }
}

/** What a mutant is: the edits that inject one bug, the specs that run, the rules that must go red. */

import type { RuleId, RuleRef } from '../../conformance/harness/rules/registry.ts'

export interface Edit {
  /** Path from the repository root. */
  file: string
  find: string
  replace: string
}

export interface Mutant {
  id: string
  /** The injected bug, in one line. */
  description: string
  /** Usually one; a bug that also needs a safety net removed (a unique index) takes two. */
  edits: Edit[]
  specs: string[]
  /**
   * Each must have status 'failed' in the verdict (for a tolerance: none may). A rule of several clauses is named
   * with the clause the bug breaks (`IP-CREATE#methods`), which must be the one that failed: a mutant proves the
   * clause it catches, not the rule as a whole.
   */
  rules: RuleRef[]
  /**
   * One of `rules` failing is enough: a model-based property reports the bug through whichever check its
   * shrunk counterexample reaches first, and which that is depends on the random search.
   */
  anyRule?: true
  /**
   * Set when the edit gives an answer the spec allows rather than a bug: the verdict must fail none of `rules`,
   * and must warn on each of `warns`.
   */
  tolerated?: { warns: RuleId[] }
}

export const SRC = 'reference-server/src'
export const TESTS = 'conformance/tests'

export interface KnownGap extends Mutant {
  /** Why the suite misses it, and what would add the missing check. */
  gap: string
}

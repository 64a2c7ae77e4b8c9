import type { Observation, ObservationOutcome } from '../../conformance/harness/rules/observations.ts'
import { clausesOf, type Rule } from '../../conformance/harness/rules/rule.ts'

/** Observations of a test whose checks of each rule saw `outcome` once: the evidence the verdict judges by. */
export function saw(ids: readonly string[], outcome: ObservationOutcome = 'pass'): Observation[] {
  return ids.map((rule) => ({ rule, outcome, line: `a check of ${rule}`, count: 1 }))
}

/** A test whose checks saw each clause of `rule` (registry.ts) with `outcome` once: what a PASS stands on. */
export function sawEveryClause(rule: Rule, outcome: ObservationOutcome = 'pass'): Observation[] {
  return clausesOf(rule).map((clause) => ({
    rule: rule.id,
    ...(rule.clauses ? { clause: clause.id } : {}),
    outcome,
    line: `a check of ${rule.id}#${clause.id}`,
    count: 1,
  }))
}

import type { Observation, ObservationOutcome } from '../../conformance/harness/rules/observations.ts'

/** Observations of a test whose checks of each rule saw `outcome` once: the evidence the verdict judges by. */
export function saw(ids: readonly string[], outcome: ObservationOutcome = 'pass'): Observation[] {
  return ids.map((rule) => ({ rule, outcome, line: `a check of ${rule}`, count: 1 }))
}

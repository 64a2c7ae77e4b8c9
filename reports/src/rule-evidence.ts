import type { Observation, ObservationOutcome } from '../../conformance/harness/rules/observations.ts'

/** One test's observations of one rule with one outcome: a row of the rule's evidence. */
export interface EvidenceItem {
  test: string
  /** The clause the check named (rule.ts), when it named one. */
  clause?: string
  outcome: ObservationOutcome
  /** What the first of them saw, in one line. */
  line: string
  /** The exchange it came from, when the check had one. */
  exchange?: string
  /** How many checks of the test saw it so. */
  count: number
}

/** How many checks of a rule saw each outcome, over the whole run. */
export type ObservationCounts = Record<ObservationOutcome, number>

/** The evidence each rule keeps in full: the verdict counts them all, the report shows the first few of each kind. */
const KEPT_PER_OUTCOME = 5

/** A rule's evidence as it is gathered, test by test. */
export class RuleEvidence {
  readonly counts: ObservationCounts = {
    pass: 0,
    fail: 0,
    warning: 0,
    'not-applicable': 0,
    control: 0,
  }
  readonly #items: EvidenceItem[] = []

  add(
    test: string,
    observation: Pick<Observation, 'clause' | 'outcome' | 'line' | 'exchange' | 'count'>,
  ): void {
    this.counts[observation.outcome] += observation.count
    const same = this.#items.find(
      (i) => i.test === test && i.outcome === observation.outcome && i.clause === observation.clause,
    )
    if (same) {
      same.count += observation.count
      return
    }
    const kept = this.#items.filter((i) => i.outcome === observation.outcome).length
    if (kept >= KEPT_PER_OUTCOME) return
    const { clause, outcome, line, exchange, count } = observation
    this.#items.push({
      test,
      ...(clause ? { clause } : {}),
      outcome,
      line,
      count,
      ...(exchange ? { exchange } : {}),
    })
  }

  /** Failures first, then warnings, passes, positive controls and not-applicable: the order a reader needs. */
  items(): EvidenceItem[] {
    const order: ObservationOutcome[] = ['fail', 'warning', 'pass', 'control', 'not-applicable']
    return order.flatMap((outcome) => this.#items.filter((i) => i.outcome === outcome))
  }
}

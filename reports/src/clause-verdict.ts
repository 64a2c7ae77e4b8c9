import type { Observation } from '../../conformance/harness/rules/observations.ts'
import { type Clause, clausesOf, type Rule } from '../../conformance/harness/rules/rule.ts'

/**
 * What the run saw of one clause: `held` (a check that is not a positive control saw it hold), `failed` (a check
 * saw it broken), `warned` (only answers a correct server may also give), `not-applicable` (the server's choice
 * makes it moot), `not-exercised` (no check of it ran, or its situation never arose).
 */
export type ClauseStatus = 'held' | 'failed' | 'warned' | 'not-applicable' | 'not-exercised'

export interface ClauseVerdict extends Clause {
  status: ClauseStatus
  /** The first observation that decided the status: the test, what it saw, and its exchange. */
  seen?: { test: string; line: string; exchange?: string }
  /** How many checks saw the clause hold, and how many saw it broken. */
  held: number
  failed: number
}

type Seen = Pick<Observation, 'clause' | 'outcome' | 'line' | 'exchange' | 'count'>

/** Which status of a clause tells more, when several observations reached it. */
const WEIGHT: Record<ClauseStatus, number> = {
  failed: 4,
  held: 3,
  warned: 2,
  'not-applicable': 1,
  'not-exercised': 0,
}

/**
 * A rule's clauses as the run's observations reach them. An observation that names a clause goes to it; one that
 * names the rule as a whole goes to the rule's only clause, and to no clause of a rule that has several: a check
 * that does not say which clause it saw cannot show that each of them holds. A rule-wide not-applicable makes
 * every clause not applicable unless a check reached it.
 */
export class ClauseTally {
  readonly #clauses: Map<string, ClauseVerdict>

  constructor(rule: Rule) {
    this.#clauses = new Map(
      clausesOf(rule).map((clause) => [
        clause.id,
        { ...clause, status: 'not-exercised', held: 0, failed: 0 },
      ]),
    )
  }

  add(test: string, observation: Seen): void {
    const targets = this.#targetsOf(observation)
    for (const clause of targets) {
      const status = statusOf(observation.outcome)
      if (status === undefined) continue
      if (status === 'held') clause.held += observation.count
      if (status === 'failed') clause.failed += observation.count
      if (WEIGHT[status] <= WEIGHT[clause.status]) continue
      clause.status = status
      clause.seen = {
        test,
        line: observation.line,
        ...(observation.exchange ? { exchange: observation.exchange } : {}),
      }
    }
  }

  #targetsOf(observation: Seen): ClauseVerdict[] {
    const all = [...this.#clauses.values()]
    if (observation.clause !== undefined) {
      const named = this.#clauses.get(observation.clause)
      return named ? [named] : []
    }
    if (all.length === 1) return all
    return observation.outcome === 'not-applicable' ? all : []
  }

  clauses(): ClauseVerdict[] {
    return [...this.#clauses.values()]
  }

  /**
   * Clauses not shown to hold: never exercised, or (for a spec MUST) seen only in answers a correct server may also
   * give. Empty when the rule's evidence covers all it says.
   */
  unshown(mustOfSpec: boolean): ClauseVerdict[] {
    return this.clauses().filter((c) => c.status === 'not-exercised' || (mustOfSpec && c.status === 'warned'))
  }
}

function statusOf(outcome: Observation['outcome']): ClauseStatus | undefined {
  switch (outcome) {
    case 'pass':
      return 'held'
    case 'fail':
      return 'failed'
    case 'warning':
      return 'warned'
    case 'not-applicable':
      return 'not-applicable'
    default:
      // A positive control shows that a check can fail, not that the clause holds.
      return undefined
  }
}

/** Why a rule is not shown to hold: each clause no check exercised, by what it says and the situation it needs. */
export function unshownReason(clause: ClauseVerdict): string {
  if (clause.status === 'warned')
    return `only answers a correct server may also give showed that ${clause.says} (${clause.seen?.line ?? 'a warning'})`
  if (clause.situation) {
    const completion = clause.completedBy ? `; ${clause.completedBy}` : ''
    return `the situation never arose: ${clause.situation} (nothing checked that ${clause.says}${completion})`
  }
  return `nothing checked that ${clause.says}`
}

import type { Exchange } from '../../../clients/src/index.ts'
import { exchangeRef, summarize } from '../http/format-exchange.ts'
import { recordFinding } from '../rules/findings.ts'
import { observe } from '../rules/observations.ts'
import type { RuleRef } from '../rules/registry.ts'

/** What one oracle saw of one clause in one exchange: whether it held, and what was compared, in one line. */
export interface ClauseCheck {
  ref: RuleRef
  holds: boolean
  line: string
}

// RFC 3339, which OpenAPI's `format: date-time` means.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

export function isDateTime(value: unknown): boolean {
  return typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))
}

/**
 * Records what the run-wide oracles saw on the running test, whichever test made the exchange: a clause that held
 * is a passing observation of it, one that broke is a finding charged to it (it does not stop the test; the verdict
 * fails the clause's rule wherever in the run it shows).
 */
export function recordClauseChecks(checks: readonly ClauseCheck[], exchange: Exchange): void {
  const seen = exchangeRef(exchange)
  for (const { ref, holds, line } of checks) {
    if (holds) observe(ref, 'pass', `${seen}: ${line}`, seen)
    else recordFinding(`[${ref}] ${line}: ${summarize(exchange)}`)
  }
}

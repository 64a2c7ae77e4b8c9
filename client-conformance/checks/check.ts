import type { ClientRuleId } from '../client-rules.ts'
import type { RecordedExchange } from '../recording-proxy.ts'
import type { AdapterRun } from '../run-adapter.ts'
import type { Scenario } from '../scenarios.ts'
import type { SimulatedAse } from '../simulated-ase.ts'

/** Everything a check may read about one scenario's run. */
export interface ScenarioRun {
  scenario: Scenario
  ase: SimulatedAse
  /** The client's requests in this scenario (the user's consent-page requests are not the client's). */
  exchanges: RecordedExchange[]
  /** Every exchange of the whole run, for what the client learned in earlier scenarios. */
  all: RecordedExchange[]
  run: AdapterRun
  /** What the scenario's setup created. */
  setup: { listed?: string[] }
}

/** One thing the client did wrong, with the exchange that shows it when there is one. */
export interface Violation {
  message: string
  exchange?: RecordedExchange
}

/**
 * What a check found for one rule in one scenario: how many requests (or report entries) it looked at, and what
 * was wrong. Nothing looked at is not a pass: the rule was not exercised there.
 */
export interface RuleOutcome {
  rule: ClientRuleId
  observed: number
  violations: Violation[]
  /** Why nothing was observed, when the scenario was there to observe it. */
  unobservedReason?: string
  /** What a pass saw, in one line, where it is not requests (default: "N of the client's requests checked"). */
  passed?: string
}

export type Check = (run: ScenarioRun) => RuleOutcome[]

/** Runs `judge` on each exchange `applies` selects: the usual shape of a check over recorded requests. */
export function overExchanges(
  rule: ClientRuleId,
  run: ScenarioRun,
  applies: (exchange: RecordedExchange) => boolean,
  judge: (exchange: RecordedExchange) => string | undefined,
): RuleOutcome {
  const selected = run.exchanges.filter(applies)
  const violations = selected.flatMap((exchange) => {
    const message = judge(exchange)
    return message
      ? [
          {
            message: `${exchange.request.method} ${exchange.request.url}: ${message}${aseAnswer(exchange)}`,
            exchange,
          },
        ]
      : []
  })
  return { rule, observed: selected.length, violations }
}

/**
 * The ASE's own judgement of the request, when it refused it: the status and its error envelope, as evidence
 * beside the suite's reading ("; the ASE answered 401 invalid_client: The signature does not verify ...").
 */
export function aseAnswer(exchange: RecordedExchange): string {
  const { status } = exchange.response
  if (status < 400) return ''
  const error = (exchange.response.json as { error?: { code?: string; description?: string } } | undefined)
    ?.error
  const said = [error?.code, error?.description].filter(Boolean).join(': ')
  return `; the ASE answered ${status}${said ? ` ${said}` : ''}`
}

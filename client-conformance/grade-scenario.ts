import { formatExchange } from '../conformance/harness/http/format-exchange.ts'
import type { TestRecord } from '../reports/src/verdict.ts'
import type { Evidence } from '../reports/src/verdict-document.ts'
import type { Check, RuleOutcome, ScenarioRun } from './checks/check.ts'
import { continuationForm, continueWait, rotatedTokens, tokenExpiry } from './checks/grant-checks.ts'
import {
  amountsExact,
  completes,
  errorSurfaced,
  finishHashVerified,
  listWalked,
} from './checks/outcome-checks.ts'
import { withinBudget } from './checks/request-budget.ts'
import {
  amountStrings,
  incomingPaymentFirst,
  listBounds,
  outgoingPaymentForm,
  quoteAmounts,
} from './checks/request-form-checks.ts'
import { asUriFollowed, revokedTokenDropped } from './checks/revocation-checks.ts'
import { contentDigests, keyIds, signedResourceRequests } from './checks/signature-checks.ts'
import { gnapScheme, tokenAccess } from './checks/token-checks.ts'
import type { ClientRuleId } from './client-rules.ts'

/** Checked on whatever the client sent in every scenario: a rule with nothing to look at says nothing. */
const EVERY_SCENARIO: readonly Check[] = [
  signedResourceRequests,
  contentDigests,
  keyIds,
  amountStrings,
  listBounds,
  quoteAmounts,
  outgoingPaymentForm,
  incomingPaymentFirst,
  continueWait,
  continuationForm,
  tokenExpiry,
  tokenAccess,
  gnapScheme,
  rotatedTokens,
  withinBudget,
  completes,
]

/** Checked only in the scenarios that name the rule: they need the scenario's fault or set-up. */
const NAMED_BY_SCENARIO: Partial<Record<ClientRuleId, Check>> = {
  'CL-FINISH-HASH': finishHashVerified,
  'CL-ERROR-SURFACED': errorSurfaced,
  'CL-LIST-WALK': listWalked,
  'CL-AMOUNT-EXACT': amountsExact,
  'CL-REVOKED-TOKEN': revokedTokenDropped,
  'CL-AS-URI': asUriFollowed,
}

/** The rules checked only where a scenario names them. */
export const NAMED_ONLY_RULES = Object.keys(NAMED_BY_SCENARIO)

const SHOWN_VIOLATIONS = 5
const SHOWN_EXCHANGES = 3

/** One test record per rule the scenario observed (or was there to observe), as the server mode's verdict reads them. */
export function gradeScenario(run: ScenarioRun): {
  records: TestRecord[]
  evidence: Record<string, Evidence[]>
} {
  const named = run.scenario.rules.flatMap((rule) => {
    const check = NAMED_BY_SCENARIO[rule]
    return check ? [check] : []
  })
  const outcomes = [...EVERY_SCENARIO, ...named].flatMap((check) => check(run))
  const unfinished = outcomes.some((o) => o.rule === 'CL-COMPLETES' && o.violations.length > 0)
  const records: TestRecord[] = []
  const evidence: Record<string, Evidence[]> = {}
  for (const outcome of outcomes) {
    const record = toRecord(run, outcome, unfinished)
    if (!record) continue
    records.push(record)
    const shown = outcome.violations
      .flatMap((v) => (v.exchange ? [v.exchange] : []))
      .slice(0, SHOWN_EXCHANGES)
    if (shown.length > 0)
      evidence[record.title] = shown.map((exchange) => ({
        name: `request #${exchange.seq}: ${exchange.request.method} ${new URL(exchange.request.url).pathname} -> ${exchange.response.status}${exchange.fault ? ` (fault: ${exchange.fault})` : ''}`,
        body: formatExchange(exchange),
      }))
  }
  return { records, evidence }
}

/** Where a client verdict's record says it came from: its scenario (whose exchanges are exchanges/NAME.txt). */
export const scenarioFile = (name: string) => `client scenario ${name}`

/**
 * Why a rule that broke nothing in a scenario the client did not finish is not tested there: the scenario was there
 * to show the client through all of it, and what it would have sent after it stopped went unseen
 * (client-verdict.ts holds such a rule back from PASS in the whole run too).
 */
export const unfinishedReason = (scenario: string) =>
  `not tested in full: the client did not finish ${scenario} (CL-COMPLETES)`

function toRecord(run: ScenarioRun, outcome: RuleOutcome, unfinished: boolean): TestRecord | undefined {
  const declared = (run.scenario.rules as readonly string[]).includes(outcome.rule)
  const base = {
    title: `${run.scenario.name}: ${outcome.rule}`,
    file: scenarioFile(run.scenario.name),
    rules: [outcome.rule],
    warnings: [],
    errors: [] as string[],
  }
  if (outcome.observed === 0 && outcome.violations.length === 0) {
    if (!declared) return undefined
    return { ...base, outcome: 'skipped', skipReason: outcome.unobservedReason ?? nothingObserved(run) }
  }
  if (outcome.violations.length === 0 && unfinished)
    return { ...base, outcome: 'skipped', skipReason: unfinishedReason(run.scenario.name) }
  if (outcome.violations.length === 0) {
    const line = outcome.passed ?? `${outcome.observed} of the client's requests checked, none broke the rule`
    return {
      ...base,
      outcome: 'passed',
      observations: [{ rule: outcome.rule, outcome: 'pass', line, count: outcome.observed }],
    }
  }
  // A client that sends the same bad request again (a retry) shows the same finding: said once, with how often.
  const times = new Map<string, number>()
  for (const v of outcome.violations) times.set(v.message, (times.get(v.message) ?? 0) + 1)
  const distinct = [...times]
  const messages = distinct
    .slice(0, SHOWN_VIOLATIONS)
    .map(([message, n]) => `[${outcome.rule}] ${message}${n > 1 ? ` (${n} times)` : ''}`)
  const more = distinct.length - SHOWN_VIOLATIONS
  return { ...base, outcome: 'failed', errors: more > 0 ? [...messages, `... and ${more} more`] : messages }
}

/** Why a rule the scenario names saw nothing: most often, the client stopped before doing what it judges. */
function nothingObserved(run: ScenarioRun): string {
  const stopped = run.run.report?.steps.find((step) => !step.ok)
  if (stopped) return `nothing to observe: the client stopped at step ${stopped.op}`
  if (run.run.problem) return 'nothing to observe: the adapter did not finish (CL-COMPLETES)'
  return 'nothing to observe'
}

import { headline } from '../reports/src/headline.ts'
import {
  computeVerdict,
  RULE_STATUSES,
  type RuleStatus,
  type RuleVerdict,
  TIERS,
  untestedMustRules,
  type Verdict,
} from '../reports/src/verdict.ts'
import { CLIENT_RULES } from './client-rules.ts'
import { unfinishedReason } from './grade-scenario.ts'
import type { ClientSuiteResult } from './run-client-suite.ts'

/**
 * The verdict of a client run: the server mode's, over one judgement per rule and scenario, and what a scenario the
 * client did not finish leaves open. Such a scenario passes nothing (grade-scenario.ts makes its judgements NOT
 * TESTED), and a rule it judged is at best NOT TESTED in the whole run, whatever the other scenarios saw: the
 * scenario is one of the situations the rule is checked in, and what the client would have sent after it stopped
 * went unseen. A spec MUST rule so held back keeps the run from CONFORMANT (INCOMPLETE). `filtered`: --scenario
 * left scenarios out.
 */
export function clientVerdict(result: ClientSuiteResult, filtered: boolean): Verdict {
  const stopped = unfinishedScenarios(result)
  const verdict = computeVerdict(CLIENT_RULES, result.records, {
    filtered,
    unreachedReason: unreachedReason(stopped, result.runs.length),
  })
  if (stopped.length === 0) return verdict
  const rules = verdict.rules.map((rule) => heldBack(rule, stopped, result.runs.length))
  const tiers = Object.fromEntries(
    TIERS.map((tier) => [
      tier,
      Object.fromEntries(
        RULE_STATUSES.map((status) => [
          status,
          rules.filter((r) => r.tier === tier && r.status === status).length,
        ]),
      ),
    ]),
  ) as Verdict['tiers']
  // Holding back turns passes into NOT TESTED and nothing else: what kept the run from CONFORMANT still does.
  const conformant = verdict.conformant && untestedMustRules(rules).length === 0
  return { ...verdict, rules, tiers, counts: tiers.spec, conformant }
}

/**
 * The headline: the server mode's, except where no spec rule was tested. That run is never "conformant to the 0
 * spec rules tested": it says why nothing was (the client made no request, or finished no scenario) and the
 * client's first problem.
 */
export function clientHeadline(verdict: Verdict, result: ClientSuiteResult): string {
  const { counts } = verdict
  const judged = counts.passed + counts.warning + counts.failed + counts.inconclusive
  if (verdict.scope.filtered || judged > 0) return headline(verdict)
  const requests = result.runs.reduce((sum, run) => sum + run.requests, 0)
  const all = result.runs.length
  const why =
    requests === 0
      ? `the client made no request in any of the ${all} scenarios`
      : unfinishedScenarios(result).length === all
        ? `the client finished none of the ${all} scenarios`
        : 'no check saw the client do what a spec rule judges'
  return `INCOMPLETE: no spec rule was tested: ${why}${firstProblem(result)}`
}

/** The first scenario's CL-COMPLETES failure, in one line: ` (CL-COMPLETES in payment-flow: ...)`. */
function firstProblem(result: ClientSuiteResult): string {
  const record = result.records.find((r) => r.rules[0] === 'CL-COMPLETES' && r.outcome === 'failed')
  if (!record) return ''
  const scenario = record.title.replace(/: CL-COMPLETES$/, '')
  const problem = (record.errors[0] ?? '')
    .split('\n')[0]!
    .replace('[CL-COMPLETES] ', '')
    .replace(`scenario ${scenario}: `, '')
  const shown = problem.length > PROBLEM_CHARS ? `${problem.slice(0, PROBLEM_CHARS)}...` : problem
  return ` (CL-COMPLETES in ${scenario}: ${shown})`
}

const PROBLEM_CHARS = 300

/** The scenarios the client did not finish: their CL-COMPLETES failed. */
function unfinishedScenarios(result: ClientSuiteResult): string[] {
  return result.runs
    .map(({ scenario }) => scenario.name)
    .filter((name) =>
      result.records.some((r) => r.title === `${name}: CL-COMPLETES` && r.outcome === 'failed'),
    )
}

/**
 * Why, in a run of every scenario, a rule no scenario observed was not reached: the client stopped before doing
 * what the rule judges (the verdict makes it NOT TESTED with this reason, so a spec MUST rule makes the run
 * INCOMPLETE), or it never sent a request of that kind.
 */
function unreachedReason(stopped: readonly string[], all: number): string {
  if (stopped.length === 0)
    return 'not reached by any scenario: the client sent no request of the kind it judges'
  const where = stopped.length === all && all > 1 ? 'every scenario' : stopped.join(', ')
  return `not reached by any scenario: the client stopped early in ${where} (CL-COMPLETES)`
}

const HELD: RuleStatus[] = ['passed', 'warning']

/** A rule judged in a scenario the client did not finish: NOT TESTED where it passed, its reasons said once. */
function heldBack(rule: RuleVerdict, stopped: readonly string[], all: number): RuleVerdict {
  const unfinished = stopped.filter((scenario) =>
    rule.tests.some((t) => t.title === `${scenario}: ${rule.rule.id}` && t.outcome === 'skipped'),
  )
  if (unfinished.length === 0) return rule
  // Each scenario's judgement gave the same reason: said once, naming them all.
  const told = unfinished.filter((scenario) => rule.reasons.includes(unfinishedReason(scenario)))
  const others = rule.reasons.filter((reason) => !told.some((s) => unfinishedReason(s) === reason))
  const named = told.length === all && all > 1 ? 'any scenario' : told.join(', ')
  return {
    ...rule,
    status: HELD.includes(rule.status) ? 'skipped' : rule.status,
    reasons: told.length > 0 ? [...others, unfinishedReason(named)] : others,
  }
}

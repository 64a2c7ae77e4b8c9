import { computeVerdict, type Verdict, type VerdictOptions } from '../reports/src/verdict.ts'
import { CLIENT_RULES } from './client-rules.ts'
import type { ClientSuiteResult } from './run-client-suite.ts'

/**
 * How a client run's verdict is computed: the server mode's, over one judgement per rule and scenario, with what a
 * scenario the client did not finish leaves open. Such a scenario passes nothing (grade-scenario.ts makes its
 * judgements NOT TESTED), and a rule it judged is at best NOT TESTED in the whole run, whatever the other scenarios
 * saw (`holdBack`): the scenario is one of the situations the rule is checked in, and what the client would have
 * sent after it stopped went unseen. A spec MUST rule so held back keeps the run from CONFORMANT (INCOMPLETE).
 * `filtered`: --scenario left scenarios out. The options are archived beside the records, so `verify` computes the
 * same verdict.
 */
export function clientVerdictOptions(result: ClientSuiteResult, filtered: boolean): VerdictOptions {
  const stopped = unfinishedScenarios(result)
  const holdBack = CLIENT_RULES.map((rule) => rule.id).filter((id) =>
    stopped.some((scenario) =>
      result.records.some((r) => r.title === `${scenario}: ${id}` && r.outcome === 'skipped'),
    ),
  )
  const requests = result.runs.reduce((sum, run) => sum + run.requests, 0)
  return {
    filtered,
    unreachedReason:
      requests === 0
        ? `the client made no request in any of the ${result.runs.length} scenarios`
        : unreachedReason(stopped, result.runs.length),
    ...(holdBack.length > 0 ? { holdBack } : {}),
  }
}

export function clientVerdict(result: ClientSuiteResult, filtered: boolean): Verdict {
  return computeVerdict(CLIENT_RULES, result.records, clientVerdictOptions(result, filtered))
}

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
  if (stopped.length === all && all > 1)
    return `the client finished none of the ${all} scenarios (CL-COMPLETES)`
  return `not reached by any scenario: the client stopped early in ${stopped.join(', ')} (CL-COMPLETES)`
}

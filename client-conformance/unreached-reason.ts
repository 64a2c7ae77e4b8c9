import type { ClientSuiteResult } from './run-client-suite.ts'

/**
 * Why, in a run of every scenario, a rule no scenario observed was not reached: the client stopped before doing
 * what the rule judges (the verdict makes it NOT TESTED with this reason, so a spec MUST rule makes the run
 * INCOMPLETE), or it never sent a request of that kind.
 */
export function unreachedReason(result: ClientSuiteResult): string {
  const stopped = result.runs
    .filter(({ scenario }) =>
      result.records.some((r) => r.title === `${scenario.name}: CL-COMPLETES` && r.outcome === 'failed'),
    )
    .map(({ scenario }) => scenario.name)
  if (stopped.length === 0)
    return 'not reached by any scenario: the client sent no request of the kind it judges'
  const where = stopped.length === result.runs.length ? 'every scenario' : stopped.join(', ')
  return `not reached by any scenario: the client stopped early in ${where} (CL-COMPLETES)`
}

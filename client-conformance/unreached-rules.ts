import type { TestRecord } from '../reports/src/verdict.ts'
import { CLIENT_RULES } from './client-rules.ts'
import type { ClientSuiteResult } from './run-client-suite.ts'

/**
 * In a run of every scenario, a rule no scenario observed was not reached: the client stopped before doing what
 * the rule judges. It is NOT TESTED with that reason (a spec MUST rule so makes the run INCOMPLETE), never left
 * "untested", which the verdict would read as a filtered run or pass over.
 */
export function unreachedRules(result: ClientSuiteResult): TestRecord[] {
  const seen = new Set(result.records.flatMap((record) => record.rules))
  const stopped = result.runs
    .filter(({ scenario }) =>
      result.records.some((r) => r.title === `${scenario.name}: CL-COMPLETES` && r.outcome === 'failed'),
    )
    .map(({ scenario }) => scenario.name)
  const reason =
    stopped.length > 0
      ? `no scenario reached it: the client stopped early in ${stopped.join(', ')} (CL-COMPLETES)`
      : 'no request of the client was of the kind it judges'
  return CLIENT_RULES.filter((rule) => !seen.has(rule.id)).map((rule) => ({
    title: `every scenario: ${rule.id}`,
    file: 'client scenarios',
    rules: [rule.id],
    outcome: 'skipped',
    skipReason: reason,
    warnings: [],
    errors: [],
  }))
}

import { isClientVerdict } from './graded-subject.ts'
import type { RuleVerdict, TestOutcome, Verdict } from './verdict.ts'
import type { VerdictDocument } from './verdict-document.ts'

/**
 * A client verdict's test is one rule judged in one scenario, titled `<scenario>: <rule>`
 * (client-conformance/grade-scenario.ts): a reader of a rule's row needs the scenario.
 */
export function scenarioOf(title: string): string {
  return title.replace(/: [A-Z][A-Z0-9-]*$/, '')
}

/** How the reports name a test: a client verdict's by its scenario, a server verdict's by its title. */
export function testLabel(d: Pick<VerdictDocument, 'subject'>): (title: string) => string {
  return isClientVerdict(d) ? scenarioOf : (title) => title
}

/** The scenarios a client run judged: those of its tests, in the order they ran. */
export function scenariosRun(verdict: Pick<Verdict, 'rules'>): string[] {
  return [...new Set(verdict.rules.flatMap((r) => r.tests.map((t) => scenarioOf(t.title))))]
}

const GROUPS: [TestOutcome, string][] = [
  ['failed', 'failed in'],
  ['passed', 'passed in'],
  ['skipped', 'nothing to judge in'],
]

/** Where a client rule was judged, by outcome: `failed in a, b; passed in c`; `every scenario` when all ran so. */
export function scenariosLine(r: RuleVerdict, run: readonly string[]): string {
  const groups = GROUPS.flatMap(([outcome, words]) => {
    const names = r.tests.filter((t) => t.outcome === outcome).map((t) => scenarioOf(t.title))
    if (names.length === 0) return []
    const all = names.length === run.length && run.length > 1
    return [`${words} ${all ? `every scenario (${run.length})` : names.join(', ')}`]
  })
  return groups.length > 0 ? groups.join('; ') : 'no scenario judged it'
}

/**
 * The line that counts the tests, with `n` rendering each count (plain, or the HTML's marked span). A server
 * run's are its tests; a client run's are its judgements of one rule in one scenario, which the line explains.
 */
export function testsSentence(
  d: Pick<VerdictDocument, 'subject' | 'rules' | 'tests'>,
  n: (kind: keyof Verdict['tests'], count: number) => string,
): string {
  const { tests } = d
  if (!isClientVerdict(d)) {
    const flaky = tests.flaky > 0 ? `, ${n('flaky', tests.flaky)} flaky (passed only on a retry)` : ''
    return `Tests: ${n('passed', tests.passed)} passed, ${n('failed', tests.failed)} failed, ${n('skipped', tests.skipped)} skipped${flaky}.`
  }
  const judged = tests.passed + tests.failed
  const empty =
    tests.skipped > 0
      ? `; in ${n('skipped', tests.skipped)} more, a rule the scenario names had nothing to judge`
      : ''
  return (
    `Scenarios: ${scenariosRun(d).length} run. A rule is judged in each scenario where the client did something ` +
    `it covers: ${judged} judgements (scenario × rule), ${n('passed', tests.passed)} passed, ` +
    `${n('failed', tests.failed)} failed${empty}.`
  )
}

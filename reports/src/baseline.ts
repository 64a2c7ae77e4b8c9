import {
  type BaselineEntry,
  namesTest,
  type UntestedEntry,
} from '../../conformance/harness/rules/baseline-file.ts'
import { type RuleVerdict, untestedMustRules, type Verdict } from './verdict.ts'

/** What the baseline makes of a verdict: the failures it expects, those it does not, and its stale entries. */
export interface BaselineOutcome {
  /** Spec rules that failed or were inconclusive, and the baseline entries that expect them. */
  expected: { rule: string; reasons: string[] }[]
  /** Spec rules that failed or were inconclusive and that no entry expects: they fail the run. */
  unexpected: string[]
  /** Entries whose rule or test ran and passed: they fail the run until removed. */
  stale: { entry: BaselineEntry; why: string }[]
  /**
   * Rule entries whose rule passed where its checks ran, while a test of it stopped before its check on another
   * error: the deviation may be exactly what that test would have seen, so the entry is neither stale nor confirmed.
   */
  unconfirmed: { entry: BaselineEntry; why: string }[]
  /** Spec MUST rules not tested that an `expectedUntested` entry accepts: they do not make the run INCOMPLETE. */
  untested: { rule: string; reason: string }[]
}

const FAILING = new Set(['failed', 'inconclusive'])
const NOT_EXERCISED = new Set(['skipped', 'not-applicable'])

export function applyBaseline(
  verdict: Verdict,
  entries: readonly BaselineEntry[],
  untestedEntries: readonly UntestedEntry[] = [],
): BaselineOutcome {
  const byRule = new Map(entries.filter((e) => e.rule).map((e) => [e.rule!, e]))
  const testEntries = entries.filter((e) => e.test)
  const entryForTest = (title: string) => testEntries.find((e) => namesTest(e.test!, title))
  const outcome: BaselineOutcome = { expected: [], unexpected: [], stale: [], unconfirmed: [], untested: [] }
  for (const r of verdict.rules.filter((v) => v.tier === 'spec' && FAILING.has(v.status))) {
    const culprits = culpritsOf(r)
    const ruleEntry = byRule.get(r.rule.id)
    const culpritEntries = culprits.map(entryForTest)
    if (ruleEntry) outcome.expected.push({ rule: r.rule.id, reasons: [ruleEntry.reason] })
    else if (culprits.length > 0 && culpritEntries.every(Boolean))
      outcome.expected.push({ rule: r.rule.id, reasons: [...new Set(culpritEntries.map((e) => e!.reason))] })
    else outcome.unexpected.push(r.rule.id)
  }
  const failingTests = new Set(verdict.rules.flatMap(culpritsOf))
  for (const entry of entries) {
    if (entry.rule) {
      const r = verdict.rules.find((v) => v.rule.id === entry.rule)
      // A filtered run may leave out the very test that shows the deviation: its rule passing elsewhere proves
      // nothing, so the entry is neither stale nor confirmed there.
      if (r && (r.status === 'passed' || r.status === 'warning') && !verdict.scope.filtered) {
        const stopped = stoppedEarly(r, verdict)
        if (stopped)
          outcome.unconfirmed.push({
            entry,
            why: `${entry.rule} passed where its checks ran, but ${stopped}`,
          })
        else outcome.stale.push({ entry, why: `${entry.rule} now passes` })
      } else if (r && NOT_EXERCISED.has(r.status) && !verdict.scope.filtered) {
        // A rule passes only when every clause held (clause-verdict.ts), so only then is the deviation gone; a
        // clause or situation this run never reached confirms nothing either way.
        outcome.unconfirmed.push({
          entry,
          why: `unconfirmed: ${entry.rule} was not exercised this run (${r.reasons[0] ?? r.status})`,
        })
      }
    } else if (entry.test && ![...failingTests].some((title) => namesTest(entry.test!, title))) {
      const ran = verdict.rules.some((v) =>
        v.tests.some((t) => namesTest(entry.test!, t.title) && t.outcome === 'passed'),
      )
      if (ran) outcome.stale.push({ entry, why: `the test "${entry.test}" now passes` })
    }
  }
  for (const entry of untestedEntries) {
    const r = verdict.rules.find((v) => v.rule.id === entry.rule)
    if (r && (r.status === 'passed' || r.status === 'warning'))
      outcome.stale.push({ entry, why: `${entry.rule} is now tested and passes` })
    else if (r && untestedMustRules([r]).length > 0) outcome.untested.push(entry)
  }
  return outcome
}

/**
 * A test of the rule that stopped on something else (another rule, an error that names none) before its end: it
 * may have checked the rule already, but not the step that shows the deviation.
 */
function stoppedEarly(r: RuleVerdict, verdict: Verdict): string | undefined {
  const test = r.tests.find((t) => t.outcome === 'failed' && !r.failedIn.includes(t.title))
  if (!test) return undefined
  const reason =
    verdict.unattributed.find((u) => u.title === test.title)?.reason ?? 'it failed first on another rule'
  return `"${test.title}" stopped before its end: ${reason}`
}

/** The tests a failing rule blames: those whose failures name it, else those that failed before checking it. */
function culpritsOf(r: RuleVerdict): string[] {
  if (r.failedIn.length > 0) return r.failedIn
  return r.status === 'inconclusive' ? r.tests.filter((t) => t.outcome === 'failed').map((t) => t.title) : []
}

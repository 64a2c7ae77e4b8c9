import { type Rule, type RuleTier, tierOf } from '../../conformance/harness/rules/rule.ts'
import { rulesNamedIn } from '../../conformance/harness/rules/rules-named-in.ts'
import { firstLine, type PropertyRun, type TestOutcome, type TestRecord } from './test-record.ts'

export { observationsIn, type PropertyRun, type TestOutcome, type TestRecord } from './test-record.ts'
export { rulesNamedIn }

export type RuleStatus =
  | 'passed'
  | 'warning'
  | 'failed'
  | 'inconclusive'
  | 'skipped'
  | 'not-applicable'
  | 'pending'
  | 'untested'

export const RULE_STATUSES: readonly RuleStatus[] = [
  'passed',
  'warning',
  'failed',
  'inconclusive',
  'skipped',
  'not-applicable',
  'pending',
  'untested',
]

export const TIERS: readonly RuleTier[] = ['spec', 'beyond-spec', 'robustness']

/** A test of a rule that did not reach the rule's check: skipped, or stopped first by another rule's failure. */
export interface NotRun {
  title: string
  reason: string
}

export interface RuleVerdict {
  rule: Rule
  tier: RuleTier
  status: RuleStatus
  tests: { title: string; file: string; outcome: TestOutcome }[]
  failures: string[]
  /** Titles of the tests whose failures or findings fail the rule. */
  failedIn: string[]
  warnings: string[]
  /**
   * Why the rule was not tested, not reached or does not apply; for a rule that passed, why some of its tests did
   * not run (the same as `notRun`'s reasons, each once).
   */
  reasons: string[]
  /** Its tests that did not reach its check, each with why: a passed rule says how many and why. */
  notRun: NotRun[]
}

/** What a filtered run (--grep, one spec file) left out: it reports only the rules its tests declare. */
export interface Scope {
  filtered: boolean
  /** Rules of the registry the run's tests did not declare or observe, left out of `rules` and the counts. */
  rulesLeftOut: number
}

export interface Verdict {
  /** Only the spec tier decides: no spec rule failed or inconclusive, and every spec MUST rule was tested. */
  conformant: boolean
  /** The spec tier's counts: the ones that decide. */
  counts: Record<RuleStatus, number>
  tiers: Record<RuleTier, Record<RuleStatus, number>>
  tests: { passed: number; failed: number; skipped: number; flaky: number }
  scope: Scope
  rules: RuleVerdict[]
  /** The property tests' searches: runs, profile, seed and why each stopped. */
  properties: (PropertyRun & { test: string })[]
}

interface Tally extends Omit<RuleVerdict, 'status'> {
  /** Tests that stopped before this rule's check because a spec rule failed first. */
  unreachedBySpec: number
  /** Tests that stopped before this rule's check, whatever failed first. */
  unreached: number
  skipped: number
  notApplicable: number
}

/**
 * A failed test fails the rules its messages name; when none is named it fails every rule it declares. A rule the
 * test declares but never reached is decided by its other tests where one of them reached it; else it is
 * inconclusive when a spec rule failed first, and not tested (never failed) when what failed first does not
 * decide conformance (a beyond-spec step, a robustness finding). A rule no test observed is never passed. A
 * filtered run reports only the rules its tests observed.
 */
export function computeVerdict(rules: readonly Rule[], records: readonly TestRecord[]): Verdict {
  const byRule = new Map<string, Tally>(
    rules.map((rule) => [
      rule.id,
      {
        rule,
        tier: tierOf(rule),
        tests: [],
        failures: [],
        failedIn: [],
        warnings: [],
        reasons: [],
        notRun: [],
        unreachedBySpec: 0,
        unreached: 0,
        skipped: 0,
        notApplicable: 0,
      },
    ]),
  )
  const at = (id: string) => byRule.get(id)
  const fail = (id: string, title: string, message: string) => {
    const tally = at(id)
    if (!tally) return
    tally.failures.push(`${title}: ${message}`)
    if (!tally.failedIn.includes(title)) tally.failedIn.push(title)
  }
  const notRun = (tally: Tally, title: string, reason: string) => {
    tally.notRun.push({ title, reason })
    if (!tally.reasons.includes(reason)) tally.reasons.push(reason)
  }
  for (const record of records) {
    const entry = { title: record.title, file: record.file, outcome: record.outcome }
    for (const id of observedBy(rules, record)) at(id)?.tests.push(entry)
    for (const warning of record.warnings) {
      for (const id of rulesNamedIn(warning)) at(id)?.warnings.push(`${record.title}: ${warning}`)
    }
    if (record.outcome === 'passed' && record.flaky) {
      for (const id of record.rules)
        at(id)?.warnings.push(
          `${record.title}: passed only on a retry (flaky); it failed first: ${record.flaky}`,
        )
    }
    const errors = record.errors.join('\n')
    for (const finding of record.findings ?? []) {
      // A finding the test's own failure repeats is told once.
      if (record.outcome === 'failed' && errors.includes(finding)) continue
      for (const id of rulesNamedIn(finding)) fail(id, record.title, finding)
    }
    if (record.outcome === 'skipped') {
      for (const id of record.rules) {
        const tally = at(id)
        if (!tally) continue
        tally.skipped++
        if (record.notApplicable) tally.notApplicable++
        notRun(tally, record.title, record.notApplicable ?? record.skipReason ?? 'skipped, no reason given')
      }
      continue
    }
    if (record.outcome !== 'failed') continue
    const named = new Set(record.errors.flatMap(rulesNamedIn))
    const blamed = named.size > 0 ? named : new Set(record.rules)
    for (const id of blamed) fail(id, record.title, errors)
    const unreached = record.rules.filter((id) => !blamed.has(id))
    if (unreached.length === 0) continue
    const bySpec = [...blamed].some((id) => at(id)?.tier === 'spec')
    const reason = unreachedReason(record, [...blamed], (id) => at(id)?.tier)
    for (const id of unreached) {
      const tally = at(id)
      if (!tally) continue
      tally.unreached++
      if (bySpec) tally.unreachedBySpec++
      notRun(tally, record.title, reason)
    }
  }
  const anyRan = records.some((record) => record.outcome !== 'skipped')
  const all = [...byRule.values()].map(({ unreachedBySpec, unreached, skipped, notApplicable, ...tally }) => {
    if (tally.rule.automatic && tally.tests.length === 0 && anyRan) tally.reasons.push(unobserved(tally.tier))
    return {
      ...tally,
      status: statusOf(tally, { unreachedBySpec, unreached, skipped, notApplicable, anyRan }),
    }
  })
  const filtered = all.some((v) => v.status === 'untested')
  const verdicts = filtered ? all.filter((v) => v.tests.length > 0) : all
  const tiers = Object.fromEntries(
    TIERS.map((tier) => [tier, countsOf(verdicts.filter((v) => v.tier === tier))]),
  ) as Record<RuleTier, Record<RuleStatus, number>>
  const counts = tiers.spec
  return {
    conformant:
      !filtered &&
      counts.failed === 0 &&
      counts.inconclusive === 0 &&
      untestedMustRules(verdicts).length === 0,
    counts,
    tiers,
    tests: {
      passed: records.filter((r) => r.outcome === 'passed').length,
      failed: records.filter((r) => r.outcome === 'failed').length,
      skipped: records.filter((r) => r.outcome === 'skipped').length,
      flaky: records.filter((r) => r.outcome === 'passed' && r.flaky).length,
    },
    scope: { filtered, rulesLeftOut: all.length - verdicts.length },
    rules: verdicts,
    properties: records.flatMap((r) => (r.property ? [{ test: r.title, ...r.property }] : [])),
  }
}

/** Why a test stopped before a rule's check: what failed first, and for a property, how far its search went. */
function unreachedReason(
  record: TestRecord,
  blamed: string[],
  tier: (id: string) => RuleTier | undefined,
): string {
  const first = blamed
    .map((id) => (tier(id) === 'spec' || tier(id) === undefined ? id : `${id} (${tier(id)})`))
    .join(', ')
  const property = record.property
  if (property?.stopped === 'counterexample') {
    return (
      `not reached in "${record.title}": the property ${property.name} stopped at a counterexample under ` +
      `${first} after ${property.runs} of ${property.numRuns} runs (${property.profile} profile)`
    )
  }
  const message = firstLine(record.errors.join('\n')).replace(
    /^\s*([A-Za-z]*Error:\s*)?(\[[A-Z0-9-]+\]\s*)?/,
    '',
  )
  return `not reached in "${record.title}": it stopped first on ${first}: ${message}`
}

/** Spec MUST rules that were not tested: skipped, or not yet encoded. They keep a run from being CONFORMANT. */
export function untestedMustRules(rules: readonly RuleVerdict[]): RuleVerdict[] {
  return rules.filter(
    (r) => r.tier === 'spec' && r.rule.level === 'MUST' && (r.status === 'skipped' || r.status === 'pending'),
  )
}

/**
 * The rules a test observed: those it declares, and the automatic rules when it received responses (answers to
 * invalid input, for the robustness rules). A test that received nothing checked no automatic rule.
 */
function observedBy(rules: readonly Rule[], record: TestRecord): string[] {
  if (record.outcome === 'skipped') return record.rules
  const automatic = rules
    .filter((rule) => rule.automatic)
    .filter((rule) =>
      tierOf(rule) === 'robustness' ? (record.invalidInputResponses ?? 0) > 0 : (record.responses ?? 0) > 0,
    )
    .map((rule) => rule.id)
  return [...new Set([...record.rules, ...automatic])]
}

function unobserved(tier: RuleTier): string {
  return tier === 'robustness'
    ? 'no test received an answer to invalid input'
    : 'no test received a response to check'
}

function statusOf(
  tally: Omit<RuleVerdict, 'status'>,
  seen: {
    unreachedBySpec: number
    unreached: number
    skipped: number
    notApplicable: number
    anyRan: boolean
  },
): RuleStatus {
  if (tally.failures.length > 0) return 'failed'
  const ran = tally.tests.length - seen.skipped - seen.unreached
  if (ran > 0) return tally.warnings.length > 0 ? 'warning' : 'passed'
  if (seen.unreachedBySpec > 0) return 'inconclusive'
  if (seen.unreached > 0) return 'skipped'
  if (tally.tests.length > 0) return seen.notApplicable === seen.skipped ? 'not-applicable' : 'skipped'
  if (tally.rule.automatic && seen.anyRan) return 'skipped'
  return tally.rule.pending ? 'pending' : 'untested'
}

function countsOf(verdicts: readonly { status: RuleStatus }[]): Record<RuleStatus, number> {
  return Object.fromEntries(
    RULE_STATUSES.map((status) => [status, verdicts.filter((v) => v.status === status).length]),
  ) as Record<RuleStatus, number>
}

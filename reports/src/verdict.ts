import {
  FINDING_ANNOTATION,
  INVALID_INPUT_RESPONSES_ANNOTATION,
  RESPONSES_ANNOTATION,
} from '../../conformance/rules/findings.ts'
import { NOT_APPLICABLE_ANNOTATION } from '../../conformance/rules/not-applicable.ts'
import { type Rule, type RuleTier, tierOf } from '../../conformance/rules/rule.ts'
import { rulesNamedIn } from '../../conformance/rules/rules-named-in.ts'

export { rulesNamedIn }

export type TestOutcome = 'passed' | 'failed' | 'skipped'

/** What the verdict needs to know of one finished test. */
export interface TestRecord {
  title: string
  file: string
  outcome: TestOutcome
  /** Rule IDs the test declares. */
  rules: string[]
  /** Failure messages; a `[RULE-ID]` prefix attributes the failure to that rule. */
  errors: string[]
  /** Warning annotations, each `[RULE-ID] message`. */
  warnings: string[]
  /** Failures of rules that do not decide conformance, recorded without failing the test, `[RULE-ID] message`. */
  findings?: string[]
  skipReason?: string
  /** Set when the test was skipped because the target lacks what its rules are about. */
  notApplicable?: string
  /** Responses the test received; automatic rules are credited only by tests that received some. */
  responses?: number
  /** Of those, answers to deliberately invalid input; the robustness rules are credited only by these. */
  invalidInputResponses?: number
}

type Annotation = { type: string; description?: string }

/** What a test's annotations say it observed: findings, not-applicable reason, responses seen. */
export function observationsIn(
  annotations: readonly Annotation[],
): Pick<TestRecord, 'findings' | 'notApplicable' | 'responses' | 'invalidInputResponses'> {
  const described = (type: string) => [
    ...new Set(annotations.filter((a) => a.type === type).map((a) => a.description ?? '')),
  ]
  // Not de-duplicated: the first and the second client's APIs each annotate their own count.
  const summed = (type: string) =>
    annotations.filter((a) => a.type === type).reduce((sum, a) => sum + Number(a.description), 0)
  return {
    findings: described(FINDING_ANNOTATION),
    notApplicable: described(NOT_APPLICABLE_ANNOTATION)[0],
    responses: summed(RESPONSES_ANNOTATION),
    invalidInputResponses: summed(INVALID_INPUT_RESPONSES_ANNOTATION),
  }
}

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

export interface RuleVerdict {
  rule: Rule
  tier: RuleTier
  status: RuleStatus
  tests: { title: string; file: string; outcome: TestOutcome }[]
  failures: string[]
  /** Titles of the tests whose failures or findings fail the rule. */
  failedIn: string[]
  warnings: string[]
  /** Why the rule was not tested (skip reasons) or does not apply. */
  reasons: string[]
}

export interface Verdict {
  /** Only the spec tier decides: no spec rule failed or inconclusive, and every spec MUST rule was tested. */
  conformant: boolean
  /** The spec tier's counts: the ones that decide. */
  counts: Record<RuleStatus, number>
  tiers: Record<RuleTier, Record<RuleStatus, number>>
  tests: { passed: number; failed: number; skipped: number }
  rules: RuleVerdict[]
}

interface Tally extends Omit<RuleVerdict, 'status'> {
  inconclusive: boolean
  skipped: number
  notApplicable: number
}

/**
 * A failed test fails the rules its messages name; when none is named it fails every rule it declares. Rules the
 * test declares but whose check never ran because another rule failed first are inconclusive, not passed. A rule
 * no test observed is never passed.
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
        inconclusive: false,
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
  for (const record of records) {
    const entry = { title: record.title, file: record.file, outcome: record.outcome }
    for (const id of observedBy(rules, record)) at(id)?.tests.push(entry)
    for (const warning of record.warnings) {
      for (const id of rulesNamedIn(warning)) at(id)?.warnings.push(`${record.title}: ${warning}`)
    }
    for (const finding of record.findings ?? []) {
      for (const id of rulesNamedIn(finding)) fail(id, record.title, finding)
    }
    if (record.outcome === 'skipped') {
      for (const id of record.rules) {
        const tally = at(id)
        if (!tally) continue
        tally.skipped++
        if (record.notApplicable) tally.notApplicable++
        const reason = record.notApplicable ?? record.skipReason ?? 'skipped, no reason given'
        if (!tally.reasons.includes(reason)) tally.reasons.push(reason)
      }
      continue
    }
    if (record.outcome !== 'failed') continue
    const named = new Set(record.errors.flatMap(rulesNamedIn))
    const blamed = named.size > 0 ? named : new Set(record.rules)
    for (const id of blamed) fail(id, record.title, record.errors.join('\n'))
    for (const id of record.rules) {
      const tally = at(id)
      if (tally && !blamed.has(id)) tally.inconclusive = true
    }
  }
  const anyRan = records.some((record) => record.outcome !== 'skipped')
  const verdicts = [...byRule.values()].map(({ inconclusive, skipped, notApplicable, ...tally }) => {
    if (tally.rule.automatic && tally.tests.length === 0 && anyRan) tally.reasons.push(unobserved(tally.tier))
    return { ...tally, status: statusOf(tally, { inconclusive, skipped, notApplicable, anyRan }) }
  })
  const tiers = Object.fromEntries(
    TIERS.map((tier) => [tier, countsOf(verdicts.filter((v) => v.tier === tier))]),
  ) as Record<RuleTier, Record<RuleStatus, number>>
  const counts = tiers.spec
  return {
    conformant:
      counts.failed === 0 &&
      counts.inconclusive === 0 &&
      counts.untested === 0 &&
      untestedMustRules(verdicts).length === 0,
    counts,
    tiers,
    tests: {
      passed: records.filter((r) => r.outcome === 'passed').length,
      failed: records.filter((r) => r.outcome === 'failed').length,
      skipped: records.filter((r) => r.outcome === 'skipped').length,
    },
    rules: verdicts,
  }
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
  seen: { inconclusive: boolean; skipped: number; notApplicable: number; anyRan: boolean },
): RuleStatus {
  if (tally.failures.length > 0) return 'failed'
  if (seen.inconclusive) return 'inconclusive'
  const ran = tally.tests.length - seen.skipped
  if (ran > 0) return tally.warnings.length > 0 ? 'warning' : 'passed'
  if (tally.tests.length > 0) return seen.notApplicable === seen.skipped ? 'not-applicable' : 'skipped'
  if (tally.rule.automatic && seen.anyRan) return 'skipped'
  return tally.rule.pending ? 'pending' : 'untested'
}

function countsOf(verdicts: readonly { status: RuleStatus }[]): Record<RuleStatus, number> {
  return Object.fromEntries(
    RULE_STATUSES.map((status) => [status, verdicts.filter((v) => v.status === status).length]),
  ) as Record<RuleStatus, number>
}

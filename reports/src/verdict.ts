import type { Rule } from '../../conformance/rules/rule.ts'

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
  skipReason?: string
}

export type RuleStatus = 'passed' | 'warning' | 'failed' | 'inconclusive' | 'skipped' | 'pending' | 'untested'

export interface RuleVerdict {
  rule: Rule
  status: RuleStatus
  tests: { title: string; file: string; outcome: TestOutcome }[]
  failures: string[]
  warnings: string[]
}

export interface Verdict {
  conformant: boolean
  counts: Record<RuleStatus, number>
  tests: { passed: number; failed: number; skipped: number }
  rules: RuleVerdict[]
}

type Tally = Omit<RuleVerdict, 'status'> & { inconclusive: boolean; skipped: number }

const PREFIX = /^\[([A-Z0-9-]+)\]/

/** Rules named in a message's `[RULE-ID]` prefixes (an assertion message may be wrapped by expect's output). */
export function rulesNamedIn(message: string): string[] {
  const named = message
    .split('\n')
    .map((line) => PREFIX.exec(line.replace(/^\s*([A-Za-z]*Error:\s*)?/, ''))?.[1])
    .filter((id): id is string => Boolean(id))
  return [...new Set(named)]
}

/**
 * A failed test fails the rules its messages name; when none is named it fails every rule it declares. Rules the
 * test declares but whose check never ran because another rule failed first are inconclusive, not passed.
 */
export function computeVerdict(rules: readonly Rule[], records: readonly TestRecord[]): Verdict {
  const byRule = new Map<string, Tally>(
    rules.map((rule) => [
      rule.id,
      { rule, tests: [], failures: [], warnings: [], inconclusive: false, skipped: 0 },
    ]),
  )
  const at = (id: string) => byRule.get(id)
  const automatic = rules.filter((rule) => rule.automatic).map((rule) => rule.id)
  for (const record of records) {
    // Automatic rules are checked on every response of every test that ran, but only a failure naming them blames them.
    const checked =
      record.outcome === 'skipped' ? record.rules : [...new Set([...record.rules, ...automatic])]
    for (const id of checked)
      at(id)?.tests.push({ title: record.title, file: record.file, outcome: record.outcome })
    for (const warning of record.warnings) {
      for (const id of rulesNamedIn(warning)) at(id)?.warnings.push(`${record.title}: ${warning}`)
    }
    if (record.outcome === 'skipped') {
      for (const id of record.rules) {
        const entry = at(id)
        if (entry) entry.skipped++
      }
      continue
    }
    if (record.outcome !== 'failed') continue
    const named = new Set(record.errors.flatMap(rulesNamedIn))
    const blamed = named.size > 0 ? named : new Set(record.rules)
    for (const id of blamed) at(id)?.failures.push(`${record.title}: ${record.errors.join('\n')}`)
    for (const id of record.rules) {
      const entry = at(id)
      if (entry && !blamed.has(id)) entry.inconclusive = true
    }
  }
  const verdicts = [...byRule.values()].map(({ inconclusive, skipped, ...entry }) => ({
    ...entry,
    status: statusOf(entry, inconclusive, skipped),
  }))
  const counts = Object.fromEntries(
    (['passed', 'warning', 'failed', 'inconclusive', 'skipped', 'pending', 'untested'] as const).map((s) => [
      s,
      verdicts.filter((v) => v.status === s).length,
    ]),
  ) as Record<RuleStatus, number>
  return {
    conformant: counts.failed === 0 && counts.inconclusive === 0 && counts.untested === 0,
    counts,
    tests: {
      passed: records.filter((r) => r.outcome === 'passed').length,
      failed: records.filter((r) => r.outcome === 'failed').length,
      skipped: records.filter((r) => r.outcome === 'skipped').length,
    },
    rules: verdicts,
  }
}

function statusOf(entry: Omit<RuleVerdict, 'status'>, inconclusive: boolean, skipped: number): RuleStatus {
  if (entry.failures.length > 0) return 'failed'
  if (inconclusive) return 'inconclusive'
  const ran = entry.tests.length - skipped
  if (ran > 0) return entry.warnings.length > 0 ? 'warning' : 'passed'
  if (entry.tests.length > 0) return 'skipped'
  return entry.rule.pending ? 'pending' : 'untested'
}

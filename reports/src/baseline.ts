import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Ajv, type ErrorObject } from 'ajv'
import { findRule } from '../../conformance/harness/rules/registry.ts'
import { type RuleVerdict, untestedMustRules, type Verdict } from './verdict.ts'

/** One expected failure: a rule, or one test, and why it is expected. */
export interface BaselineEntry {
  rule?: string
  test?: string
  reason: string
}

/** A spec rule the target is known to leave untested (a capability it lacks), and why that is accepted. */
export interface UntestedEntry {
  rule: string
  reason: string
}

export interface Baseline {
  file: string
  target?: string
  expectedFailures: BaselineEntry[]
  /** Rules expected NOT TESTED or PENDING: their gap does not make the run exit INCOMPLETE. */
  expectedUntested?: UntestedEntry[]
}

export class BaselineError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`baseline ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'BaselineError'
  }
}

const SCHEMA = JSON.parse(readFileSync(new URL('../schemas/baseline.schema.json', import.meta.url), 'utf8'))
const validate = new Ajv({ allErrors: true }).compile(SCHEMA)

/**
 * Reads and checks a baseline file; every problem names its field. `isRule` tells the IDs of the mode's registry
 * (the server's by default; client mode passes its own).
 */
export function loadBaseline(
  path: string,
  isRule: (id: string) => boolean = (id) => findRule(id) !== undefined,
): Baseline {
  const file = resolve(path)
  if (!existsSync(file)) throw new BaselineError(path, [`file not found (resolved to ${file})`])
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new BaselineError(path, [`not valid JSON: ${(error as Error).message}`])
  }
  if (!validate(parsed)) throw new BaselineError(path, (validate.errors ?? []).map(describe))
  const baseline = parsed as Omit<Baseline, 'file'>
  const unknownIn = (field: string, entries: readonly { rule?: string }[]) =>
    entries.flatMap((entry, i) =>
      entry.rule && !isRule(entry.rule)
        ? [`${field}[${i}].rule: unknown rule ID ${JSON.stringify(entry.rule)}`]
        : [],
    )
  const unknown = [
    ...unknownIn('expectedFailures', baseline.expectedFailures),
    ...unknownIn('expectedUntested', baseline.expectedUntested ?? []),
  ]
  if (unknown.length > 0) throw new BaselineError(path, unknown)
  return { file, ...baseline }
}

function describe(error: ErrorObject): string {
  const field = error.instancePath
    .slice(1)
    .replaceAll(/\/(\d+)/g, '[$1]')
    .replaceAll('/', '.')
  if (error.keyword === 'required')
    return `${[field, error.params.missingProperty].filter(Boolean).join('.')}: required field is missing`
  if (error.keyword === 'additionalProperties')
    return `${[field, error.params.additionalProperty].filter(Boolean).join('.')}: unknown field`
  if (error.keyword === 'oneOf') return `${field}: give exactly one of rule and test`
  return `${field || '(root)'}: ${error.message}`
}

/** What the baseline makes of a verdict: the failures it expects, those it does not, and its stale entries. */
export interface BaselineOutcome {
  /** Spec rules that failed or were inconclusive, and the baseline entries that expect them. */
  expected: { rule: string; reasons: string[] }[]
  /** Spec rules that failed or were inconclusive and that no entry expects: they fail the run. */
  unexpected: string[]
  /** Entries whose rule or test ran and passed: they fail the run until removed. */
  stale: { entry: BaselineEntry; why: string }[]
  /** Spec MUST rules not tested that an `expectedUntested` entry accepts: they do not make the run INCOMPLETE. */
  untested: { rule: string; reason: string }[]
}

const FAILING = new Set(['failed', 'inconclusive'])

export function applyBaseline(
  verdict: Verdict,
  entries: readonly BaselineEntry[],
  untestedEntries: readonly UntestedEntry[] = [],
): BaselineOutcome {
  const byRule = new Map(entries.filter((e) => e.rule).map((e) => [e.rule!, e]))
  const testEntries = entries.filter((e) => e.test)
  const entryForTest = (title: string) => testEntries.find((e) => namesTest(e.test!, title))
  const outcome: BaselineOutcome = { expected: [], unexpected: [], stale: [], untested: [] }
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
      if (r && (r.status === 'passed' || r.status === 'warning'))
        outcome.stale.push({ entry, why: `${entry.rule} now passes` })
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
 * A test entry names a test by its full title (project › file › describe › title, as verdict.json shows it) or
 * by its end (`describe › title`), which stays the same when the test moves to another project or file.
 */
function namesTest(entry: string, title: string): boolean {
  return title === entry || title.endsWith(` › ${entry}`)
}

/** The tests a failing rule blames: those whose failures name it, else those that failed before checking it. */
function culpritsOf(r: RuleVerdict): string[] {
  if (r.failedIn.length > 0) return r.failedIn
  return r.status === 'inconclusive' ? r.tests.filter((t) => t.outcome === 'failed').map((t) => t.title) : []
}

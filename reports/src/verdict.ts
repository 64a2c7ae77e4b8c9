import { isPositiveControl } from '../../conformance/harness/rules/observations.ts'
import { type Rule, type RuleTier, tierOf } from '../../conformance/harness/rules/rule.ts'
import {
  type RuleClause,
  refsNamedIn,
  refText,
  rulesNamedIn,
} from '../../conformance/harness/rules/rules-named-in.ts'
import { type ClauseStatus, ClauseTally, type ClauseVerdict, unshownReason } from './clause-verdict.ts'
import { type FoundationVerdict, foundationsOf, stoppedByFoundations } from './foundation-verdict.ts'
import { type EvidenceItem, type ObservationCounts, RuleEvidence } from './rule-evidence.ts'
import { firstLine, type PropertyRun, type TestOutcome, type TestRecord } from './test-record.ts'

export { observationsIn, type PropertyRun, type TestOutcome, type TestRecord } from './test-record.ts'
export type { ClauseStatus, ClauseVerdict, EvidenceItem, FoundationVerdict, ObservationCounts }
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
  /** The tests that declare the rule or observed it. */
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
  /** What the checks of the rule saw, the first few of each outcome (rule-evidence.ts). */
  evidence: EvidenceItem[]
  /** How many checks of the rule saw each outcome over the whole run. */
  observed: ObservationCounts
  /** Each clause of the rule (registry), with what the run saw of it: what a PASS stands on. */
  clauses: ClauseVerdict[]
}

/** What a filtered run (--grep, one spec file) left out: it reports only the rules its tests declare. */
export interface Scope {
  filtered: boolean
  /** Rules of the registry the run's tests did not declare or observe, left out of `rules` and the counts. */
  rulesLeftOut: number
}

/** A test that ended without judging the rules it declares: they are not tested, never failed, for it. */
export interface Undecided {
  title: string
  /** What ended it, in one line. */
  reason: string
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
  /** Tests the suite itself cut short (a timeout, an interrupted run). */
  cutShort: Undecided[]
  /** Tests that ended on an error naming no rule (a set-up step, a consent page, the suite's own exception). */
  unattributed: Undecided[]
  /** The first stage's steps, in order (foundation-verdict.ts): a failed one is shown first. */
  foundations: FoundationVerdict[]
  /** Tests not run because a foundation step they need failed. */
  stoppedByFoundations: number
}

interface Tally extends Omit<RuleVerdict, 'status' | 'evidence' | 'observed' | 'clauses'> {
  gathered: RuleEvidence
  clauseTally: ClauseTally
  /** Positive controls of the rule that failed: the check could not be made, which shows nothing of the rule. */
  controlFailures: string[]
  /** Tests that stopped before this rule's check because a spec rule failed first. */
  unreachedBySpec: number
  /** Tests that stopped before this rule's check, whatever failed first. */
  unreached: number
  skipped: number
  notApplicable: number
}

export interface VerdictOptions {
  /**
   * Whether the run left tests out (--grep, one spec file, --scenario). Unset, a rule that some test of the suite
   * declares and no test of the run declared makes the run filtered (server mode). False says the run ran all it
   * has (client mode's every scenario): a rule no record declares or observed was then not reached, NOT TESTED
   * with `unreachedReason` (a spec MUST rule so makes the run INCOMPLETE), never "untested".
   */
  filtered?: boolean
  /** In a run that is not filtered, why no check of a rule without any record ran. */
  unreachedReason?: string
  /**
   * Rules that are at best NOT TESTED whatever their checks saw: part of the situations they are checked in went
   * unseen (client mode: a scenario the client did not finish judged them). Their tests' reasons say why.
   */
  holdBack?: readonly string[]
}

const NOT_REACHED = 'not reached: no test of the run declared or observed it'

/**
 * A rule's status comes from what its checks observed (conformance/harness/rules/observations.ts), never from
 * which tests declare it: PASS needs a passing observation, FAIL a failure that names the rule (an assertion's
 * `[RULE-ID]` prefix, a finding). A failed test whose error names no rule (a set-up step, a consent page, an
 * exception of the suite's) leaves the rules it declares NOT TESTED with that error as the reason, and a test the
 * suite cut short (its timeout) charges nothing. A declared rule a test never reached is decided by its other
 * tests where one of them observed it; else it is inconclusive when a spec rule failed first, and not tested
 * otherwise.
 */
export function computeVerdict(
  rules: readonly Rule[],
  records: readonly TestRecord[],
  options: VerdictOptions = {},
): Verdict {
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
        gathered: new RuleEvidence(),
        clauseTally: new ClauseTally(rule),
        controlFailures: [],
        unreachedBySpec: 0,
        unreached: 0,
        skipped: 0,
        notApplicable: 0,
      },
    ]),
  )
  const at = (id: string) => byRule.get(id)
  const gather = (title: string, rule: string, observation: Parameters<RuleEvidence['add']>[1]) => {
    const tally = at(rule)
    tally?.gathered.add(title, observation)
    tally?.clauseTally.add(title, observation)
  }
  // A failure is an observation of its rule: the test observed it, and a filtered run keeps the rule in scope
  // (an automatic rule a test's every answer broke has no passing observation to bring it in).
  const fail = (ref: RuleClause, entry: RuleVerdict['tests'][number], message: string) => {
    const tally = at(ref.rule)
    if (!tally) return
    const { title } = entry
    if (!tally.tests.some((test) => test.title === title)) tally.tests.push(entry)
    tally.failures.push(`${title}: ${message}`)
    if (!tally.failedIn.includes(title)) tally.failedIn.push(title)
    gather(title, ref.rule, { clause: ref.clause, outcome: 'fail', line: oneLine(message), count: 1 })
  }
  const notRun = (tally: Tally, title: string, reason: string) => {
    tally.notRun.push({ title, reason })
    if (!tally.reasons.includes(reason)) tally.reasons.push(reason)
  }
  const cutShort: Undecided[] = []
  const unattributed: Undecided[] = []
  for (const record of records) {
    const entry = { title: record.title, file: record.file, outcome: record.outcome }
    const observations = record.observations ?? []
    // Rules the test stopped before checking in full: a skip that names them, or the suite's own limit cutting the
    // test short (what it checked so far of the rules it is about is part of a check, not the check).
    const unchecked = new Set(
      record.outcome === 'skipped' ? record.unchecked : record.cut ? record.rules : [],
    )
    const skippedOwn = (id: string) => record.outcome === 'skipped' && record.rules.includes(id)
    for (const id of new Set([...record.rules, ...unchecked, ...observations.map((o) => o.rule)]))
      at(id)?.tests.push(entry)
    for (const observation of observations) {
      // A failing observation is told by the finding or the failure that names it, below. A pass on the way to a
      // check the test never reached is no pass of its rule, and a skipped test reached none of the checks it is
      // about: what it saw of them before its skip (a subject it found absent, a precondition) shows nothing.
      if (observation.outcome === 'fail') continue
      if (observation.outcome === 'pass' && (unchecked.has(observation.rule) || skippedOwn(observation.rule)))
        continue
      gather(record.title, observation.rule, observation)
    }
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
      for (const ref of refsNamedIn(finding)) fail(ref, entry, finding)
    }
    if (record.outcome === 'skipped') {
      for (const id of new Set([...record.rules, ...unchecked])) {
        const tally = at(id)
        if (!tally) continue
        tally.skipped++
        if (record.notApplicable) tally.notApplicable++
        notRun(tally, record.title, record.notApplicable ?? record.skipReason ?? 'skipped, no reason given')
      }
      continue
    }
    const observed = new Set(observations.map((o) => o.rule))
    if (record.outcome === 'passed') {
      for (const id of record.rules.filter((id) => !observed.has(id))) {
        const tally = at(id)
        if (tally)
          notRun(tally, record.title, `not reached in "${record.title}": it passed without a check of ${id}`)
      }
      continue
    }
    // A failure that names its rule stands wherever it was seen: a soft assertion that failed before the suite
    // cut the test short, a check whose error the test's end did not reach.
    const { blamed, controls } = attributed(record.errors)
    for (const { ref, message } of blamed) fail(ref, entry, message)
    for (const { ref, message } of controls)
      at(ref.rule)?.controlFailures.push(`${record.title}: ${oneLine(message)}`)
    const charged = new Set([...blamed, ...controls].map(({ ref }) => ref.rule))
    if (record.cut) {
      cutShort.push({ title: record.title, reason: record.cut })
      for (const id of record.rules.filter((id) => !charged.has(id))) {
        const tally = at(id)
        if (!tally) continue
        tally.unreached++
        notRun(tally, record.title, `not reached in "${record.title}": ${record.cut}${searchedSoFar(record)}`)
      }
      continue
    }
    if (charged.size === 0) unattributed.push({ title: record.title, reason: oneLine(errors) })
    const unreached = record.rules.filter((id) => !charged.has(id) && !observed.has(id))
    if (unreached.length === 0) continue
    const failedFirst = [...new Set(blamed.map(({ ref }) => ref.rule))]
    const bySpec = failedFirst.some((id) => at(id)?.tier === 'spec')
    const reason =
      failedFirst.length === 0 && controls.length > 0
        ? `not reached in "${record.title}": its positive control failed first: ${oneLine(errors)}`
        : unreachedReason(record, failedFirst, (id) => at(id)?.tier)
    for (const id of unreached) {
      const tally = at(id)
      if (!tally) continue
      tally.unreached++
      if (bySpec) tally.unreachedBySpec++
      notRun(tally, record.title, reason)
    }
  }
  const anyRan = records.some((record) => record.outcome !== 'skipped')
  const complete = options.filtered === false
  const all = [...byRule.values()].map(
    ({
      unreachedBySpec,
      unreached,
      skipped,
      notApplicable,
      gathered,
      clauseTally,
      controlFailures,
      ...tally
    }) => {
      const observed = gathered.counts
      const unshown = clauseTally.unshown(tally.tier === 'spec' && tally.rule.level === 'MUST')
      const clauses = clauseTally.clauses()
      if (tally.rule.automatic && observed.pass + observed.fail === 0 && anyRan)
        tally.reasons.push(unobserved(tally.tier))
      const missed = complete && tally.tests.length === 0 && !tally.rule.automatic && !tally.rule.pending
      if (missed) tally.reasons.push(options.unreachedReason ?? NOT_REACHED)
      let status: RuleStatus = missed
        ? 'skipped'
        : statusOf(tally, observed, {
            unreachedBySpec,
            unreached,
            skipped,
            notApplicable,
            anyRan,
            unshown: unshown.length,
            controlFailures: controlFailures.length,
          })
      if (options.holdBack?.includes(tally.rule.id) && (status === 'passed' || status === 'warning'))
        status = 'skipped'
      if (status === 'inconclusive' && controlFailures.length > 0)
        tally.reasons.unshift(`${CONTROL_FAILED}: ${controlFailures[0]}`)
      // Part of what the rule says held and part was never exercised: what is missing is the reason to act on.
      const partly = clauses.some((c) => c.status === 'held' || c.status === 'warned')
      if ((status === 'skipped' || status === 'inconclusive') && partly)
        tally.reasons.unshift(...unshown.map(unshownReason))
      // Told only where no test says why it stopped before the check: that reason (a setting) is the one to act on.
      const onlyControls = observed.control > 0 && observed.pass === 0 && observed.warning === 0
      if (status === 'skipped' && onlyControls && tally.reasons.length === 0)
        tally.reasons.push(ONLY_CONTROLS)
      if (status === 'skipped' && observed.warning > 0 && observed.pass === 0) {
        // The warning says what would let the rule be shown to hold (a setting, a capability): the reason repeats it.
        const warned = gathered.items().find((item) => item.outcome === 'warning')
        tally.reasons.push(`${ONLY_WARNINGS}${warned ? `: ${warned.line}` : ''}`)
      }
      return { ...tally, status, evidence: gathered.items(), observed, clauses }
    },
  )
  const filtered = options.filtered ?? all.some((v) => v.status === 'untested')
  // A filtered run reports the rules its tests are about, and those its checks decided in passing; a rule its
  // tests only brushed (a create seen by an amounts test shows one clause of IP-CREATE, not all) is left out, as
  // the rest of the suite is, never NOT TESTED for a check no test of the run was about.
  // The first stage's steps declare the rules they rely on, not rules they are about: in a run of a few spec files
  // (which brings the stage along) they put no rule in scope by themselves.
  const declared = new Set(records.filter((record) => !record.foundation).flatMap((record) => record.rules))
  const inScope = (v: (typeof all)[number]) =>
    v.tests.length > 0 && (declared.has(v.rule.id) || v.status !== 'skipped')
  const verdicts = filtered ? all.filter(inScope) : all
  const tiers = Object.fromEntries(
    TIERS.map((tier) => [tier, countsOf(verdicts.filter((v) => v.tier === tier))]),
  ) as Record<RuleTier, Record<RuleStatus, number>>
  const counts = tiers.spec
  const properties = records.flatMap((r) => (r.property ? [{ test: r.title, ...r.property }] : []))
  return {
    conformant:
      !filtered &&
      counts.failed === 0 &&
      counts.inconclusive === 0 &&
      untestedMustRules(verdicts).length === 0 &&
      cutMustRules({ rules: verdicts, cutShort }).length === 0 &&
      belowMinimum(properties).length === 0,
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
    properties,
    cutShort,
    unattributed,
    foundations: foundationsOf(records),
    stoppedByFoundations: stoppedByFoundations(records),
  }
}

const CONTROL_FAILED =
  'its positive control failed (the valid request was not accepted), so its check could not be made'
const ONLY_CONTROLS =
  'only its positive controls ran (the valid request succeeded): no check saw the rule hold where it could fail'
const ONLY_WARNINGS =
  'its checks saw only answers a correct server may also give (warnings): nothing showed that the MUST holds'

interface Charge {
  ref: RuleClause
  /** The error that names it, in full (its exchange included). */
  message: string
}

/**
 * What a test's errors charge: each rule and clause an error names, with that error. A positive control that
 * failed (the valid request was not accepted) is kept apart: the check of the rule could not be made, which makes
 * the rule INCONCLUSIVE, never FAILED (a quote that expired before its control, a server refusing the set-up).
 */
function attributed(errors: readonly string[]): { blamed: Charge[]; controls: Charge[] } {
  const blamed = new Map<string, Charge>()
  const controls = new Map<string, Charge>()
  for (const message of errors) {
    const into = isPositiveControl(oneLine(message)) ? controls : blamed
    for (const ref of refsNamedIn(message)) {
      const key = refText(ref)
      if (!into.has(key)) into.set(key, { ref, message })
    }
  }
  // A rule an error charged is not also only inconclusive for a control of it.
  for (const { ref } of blamed.values())
    for (const key of controls.keys()) if (key.split('#')[0] === ref.rule) controls.delete(key)
  return { blamed: [...blamed.values()], controls: [...controls.values()] }
}

/** For a property the suite cut short: how far its search had gone. */
function searchedSoFar(record: TestRecord): string {
  const property = record.property
  return property
    ? ` (the property ${property.name} had done ${property.runs} of ${property.numRuns} runs)`
    : ''
}

function oneLine(message: string): string {
  return firstLine(message.replace(/^\s*([A-Za-z]*Error:\s*)?(\[[A-Z0-9-]+(?:#[a-z0-9-]+)?\]\s*)?/, ''))
}

/** Why a test stopped before a rule's check: what failed first, and for a property, how far its search went. */
function unreachedReason(
  record: TestRecord,
  blamed: string[],
  tier: (id: string) => RuleTier | undefined,
): string {
  if (blamed.length === 0) {
    return `not reached in "${record.title}": it stopped first on an error that names no rule: ${oneLine(record.errors.join('\n'))}`
  }
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
  return `not reached in "${record.title}": it stopped first on ${first}: ${oneLine(record.errors.join('\n'))}`
}

/**
 * Certification-profile searches that stopped at their time limit with fewer runs than their declared minimum
 * (property-budget.ts): the run is not the certification profile's, so it cannot be CONFORMANT.
 */
export function belowMinimum(properties: Verdict['properties']): Verdict['properties'] {
  return properties.filter(
    (p) =>
      p.profile === 'full' &&
      p.stopped === 'time limit' &&
      p.minimumRuns !== undefined &&
      p.runs < p.minimumRuns,
  )
}

/**
 * Spec MUST rules a test of which the suite's own limits cut short (its timeout, an interrupted run), though other
 * tests decided them: part of their evidence is missing (the unknown id's 404 after a completion), so they keep a
 * run from being CONFORMANT, as a rule not tested does. Raising --timeout or running fewer --workers completes it.
 */
export function cutMustRules(verdict: Pick<Verdict, 'rules' | 'cutShort'>): RuleVerdict[] {
  const cut = new Set(verdict.cutShort.map((test) => test.title))
  return verdict.rules.filter(
    (r) =>
      r.tier === 'spec' &&
      r.rule.level === 'MUST' &&
      r.status !== 'skipped' &&
      r.notRun.some((test) => cut.has(test.title)),
  )
}

/** Spec MUST rules that were not tested: skipped, or not yet encoded. They keep a run from being CONFORMANT. */
export function untestedMustRules(rules: readonly RuleVerdict[]): RuleVerdict[] {
  return rules.filter(
    (r) => r.tier === 'spec' && r.rule.level === 'MUST' && (r.status === 'skipped' || r.status === 'pending'),
  )
}

function unobserved(tier: RuleTier): string {
  return tier === 'robustness'
    ? 'no test received an answer to invalid input'
    : 'no test received a response to check'
}

/**
 * FAIL on any failure; INCONCLUSIVE when a positive control failed; PASS only when every clause of the rule was
 * seen to hold (clause-verdict.ts), a check that is not a control among them; otherwise what its tests say of why
 * the rest was not seen.
 */
function statusOf(
  tally: Omit<RuleVerdict, 'status' | 'evidence' | 'observed' | 'clauses'>,
  observed: ObservationCounts,
  seen: {
    unreachedBySpec: number
    unreached: number
    skipped: number
    notApplicable: number
    anyRan: boolean
    /** Clauses not shown to hold. */
    unshown: number
    controlFailures: number
  },
): RuleStatus {
  if (tally.failures.length > 0) return 'failed'
  if (seen.controlFailures > 0) return 'inconclusive'
  if (observed.pass > 0 && seen.unshown === 0) return tally.warnings.length > 0 ? 'warning' : 'passed'
  // A warning is what a SHOULD or a beyond-spec rule is judged by; a MUST of the spec needs an answer that holds.
  const mustOfSpec = tally.tier === 'spec' && tally.rule.level === 'MUST'
  if (observed.warning > 0 && !mustOfSpec && seen.unshown === 0) return 'warning'
  if (seen.unreachedBySpec > 0) return 'inconclusive'
  if (observed.pass > 0 || observed.warning > 0) return 'skipped'
  if (observed['not-applicable'] > 0 && observed.warning === 0) return 'not-applicable'
  if (tally.tests.length === 0) {
    if (tally.rule.automatic && seen.anyRan) return 'skipped'
    return tally.rule.pending ? 'pending' : 'untested'
  }
  const ranSomething = tally.tests.length > seen.skipped
  if (!ranSomething && seen.notApplicable === seen.skipped) return 'not-applicable'
  return 'skipped'
}

function countsOf(verdicts: readonly { status: RuleStatus }[]): Record<RuleStatus, number> {
  return Object.fromEntries(
    RULE_STATUSES.map((status) => [status, verdicts.filter((v) => v.status === status).length]),
  ) as Record<RuleStatus, number>
}

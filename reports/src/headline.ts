import { plural } from './plural.ts'
import {
  belowMinimum,
  cutMustRules,
  type RuleStatus,
  type RuleVerdict,
  TIERS,
  untestedMustRules,
  type Verdict,
} from './verdict.ts'

/**
 * The one-line verdict, never claiming more than was checked. Only the spec tier decides: a failure there is
 * NOT CONFORMANT; a filtered run (rules that have tests in the full suite did not run) gives NO VERDICT and
 * counts only the rules its tests declare; a spec MUST rule left untested gives INCOMPLETE. Beyond-spec and robustness failures are named, never decisive.
 */
export function headline(verdict: Verdict): string {
  const { counts } = verdict
  const others = otherTiers(verdict)
  if (counts.failed > 0 || counts.inconclusive > 0) {
    const scope = verdict.scope.filtered ? ` (a filtered run: ${rulesOf(inScope(verdict))} checked)` : ''
    return `NOT CONFORMANT: ${rulesOf(counts.failed)} failed, ${counts.inconclusive} inconclusive${scope}${others}`
  }
  if (verdict.scope.filtered) {
    return (
      `NO VERDICT: a filtered run checks only part of the spec; it reports the ${rulesOf(inScope(verdict))} ` +
      `its tests checked (${rulesOf(verdict.scope.rulesLeftOut)} left out): ${statusSummary(verdict)}${others}`
    )
  }
  const notTested = untestedMustRules(verdict.rules)
  const cut = cutMustRules(verdict)
  const short = belowMinimum(verdict.properties)
  if (notTested.length > 0 || cut.length > 0 || short.length > 0) {
    const gaps = [
      notTested.length > 0 ? `these MUST rules were not tested: ${byReason(notTested).join('; ')}` : '',
      cut.length > 0 ? cutShortGap(cut) : '',
      short.length > 0 ? belowCertification(short) : '',
    ].filter(Boolean)
    // Never "conformant to the 0 spec rules tested": a run that tested none says why first.
    if (checked(verdict) === 0) {
      const why = commonestReason(notTested)
      return `INCOMPLETE: no spec rule was tested${why ? `: ${why}` : `; ${gaps.join('; ')}`}${others}`
    }
    return `INCOMPLETE: conformant to the ${specRulesOf(checked(verdict))} tested; ${gaps.join('; ')}${others}`
  }
  const caveats = [
    counts.skipped > 0 ? `${counts.skipped} not tested, see their reasons` : '',
    counts.warning > 0 ? `${counts.warning} with warnings` : '',
    counts.pending > 0 ? `${counts.pending} not yet encoded` : '',
    counts['not-applicable'] > 0 ? `${counts['not-applicable']} not applicable` : '',
    shortSearches(verdict),
    quickProfile(verdict),
  ].filter(Boolean)
  const scope = counts.pending === 0 && counts.skipped === 0 ? 'all ' : 'the '
  return `CONFORMANT to ${scope}${specRulesOf(checked(verdict))} checked${caveats.length > 0 ? ` (${caveats.join('; ')})` : ''}${others}`
}

/**
 * The headline of a run stopped before its end (SIGINT, SIGTERM; exit status 5): no verdict, and counts only,
 * never the list of what it did not reach (hundreds of tests). The tests it stopped charge no rule
 * (test-record.ts); what the others decided is summed up.
 */
export function interruptedHeadline(verdict: Verdict, stopped: number): string {
  const tests = verdict.tests.passed + verdict.tests.failed + verdict.tests.skipped
  return (
    `INTERRUPTED: the run was stopped before its end, ${plural(stopped, 'test')} of ${tests} did not end ` +
    `and charge no rule; no verdict (the ${rulesOf(inScope(verdict))} so far: ${statusSummary(verdict)})`
  )
}

/** MUST rules some of whose tests the suite's own limits cut short: named, with what to change. */
function cutShortGap(cut: readonly RuleVerdict[]): string {
  return (
    `these MUST rules had tests cut short by the suite's own limits (raise --timeout, or run fewer --workers): ` +
    cut.map((r) => r.rule.id).join(', ')
  )
}

/**
 * A property whose search stopped at its time limit before the runs of its profile did less than the profile
 * promises: the headline says so rather than claim the full profile (the verdict lists each search's runs).
 */
function shortSearches(verdict: Verdict): string {
  const short = verdict.properties.filter((p) => p.stopped === 'time limit' && p.runs < p.numRuns)
  if (short.length === 0) return ''
  const runs = short.map((p) => `${p.name} ${p.runs}/${p.numRuns}`).join(', ')
  return `${short.length} property ${short.length === 1 ? 'search' : 'searches'} cut short by their time limit: ${runs}`
}

/** Searches below their certification minimum: not a certification-profile run, and what would make it one. */
function belowCertification(short: Verdict['properties']): string {
  const runs = short.map((p) => `${p.name} ${p.runs}/${p.numRuns} (minimum ${p.minimumRuns})`).join(', ')
  return (
    `not a certification-profile run: ${short.length === 1 ? 'a property search' : `${short.length} property searches`} ` +
    `stopped at the time limit below the minimum of runs: ${runs}; the target or the machine was slower than the ` +
    'budgets allow for (run again with fewer --workers, or on a quieter machine)'
  )
}

/** A run under the quick profile names it: its searches do a share of the certification profile's runs. */
function quickProfile(verdict: Verdict): string {
  return verdict.properties.some((p) => p.profile === 'quick')
    ? "quick profile (OP_FC_PROFILE=quick): the property searches did a share of the certification profile's runs"
    : ''
}

/** `1 rule`, `2 rules`. */
export function rulesOf(count: number): string {
  return plural(count, 'rule')
}

/** `1 spec rule`, `13 spec rules`: the headline's count is the spec tier's, the one that decides. */
function specRulesOf(count: number): string {
  return plural(count, 'spec rule')
}

/** Rules that share their reasons are named together, the reasons once: `A, B (not reached: ...)`. */
function byReason(rules: readonly RuleVerdict[]): string[] {
  const groups = new Map<string, string[]>()
  for (const r of rules) {
    const reasons = withReasons(r).slice(r.rule.id.length)
    groups.set(reasons, [...(groups.get(reasons) ?? []), r.rule.id])
  }
  return [...groups].map(([reasons, ids]) => `${ids.join(', ')}${reasons}`)
}

/** The reason most of `rules` give (the first of each rule's): what stopped the run as a whole. */
function commonestReason(rules: readonly RuleVerdict[]): string | undefined {
  const counted = new Map<string, number>()
  for (const reason of rules.flatMap((r) => r.reasons.slice(0, 1)))
    counted.set(reason, (counted.get(reason) ?? 0) + 1)
  return [...counted].sort((a, b) => b[1] - a[1])[0]?.[0]
}

function inScope(verdict: Verdict): number {
  return verdict.rules.length
}

/** Every tier's rules in scope by status, the statuses that occur: `3 passed, 1 not tested`. */
function statusSummary(verdict: Verdict): string {
  const total = (status: RuleStatus) => TIERS.reduce((sum, tier) => sum + verdict.tiers[tier][status], 0)
  const words: [RuleStatus, string][] = [
    ['passed', 'passed'],
    ['warning', 'passed with warnings'],
    ['failed', 'failed'],
    ['inconclusive', 'inconclusive'],
    ['skipped', 'not tested'],
    ['not-applicable', 'not applicable'],
  ]
  return (
    words
      .filter(([status]) => total(status) > 0)
      .map(([status, word]) => `${total(status)} ${word}`)
      .join(', ') || 'none ran'
  )
}

/** What the rule's reasons say, or why a pending rule is not tested. */
export function withReasons(verdict: RuleVerdict): string {
  const reasons =
    verdict.status === 'pending' ? [`not yet encoded: ${verdict.rule.pending}`] : verdict.reasons
  return reasons.length > 0 ? `${verdict.rule.id} (${reasons.join('; ')})` : verdict.rule.id
}

function otherTiers(verdict: Verdict): string {
  const beyond = verdict.tiers['beyond-spec'].failed
  const robustness = verdict.tiers.robustness.failed
  return [
    beyond > 0 ? `; beyond the spec: ${rulesOf(beyond)} failed (warnings)` : '',
    robustness > 0 ? `; robustness: ${rulesOf(robustness)} failed` : '',
  ].join('')
}

function checked(verdict: Verdict): number {
  return verdict.counts.passed + verdict.counts.warning
}

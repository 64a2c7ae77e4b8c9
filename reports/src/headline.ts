import { type RuleVerdict, untestedMustRules, type Verdict } from './verdict.ts'

/**
 * The one-line verdict, never claiming more than was checked. Only the spec tier decides: a failure there is
 * NOT CONFORMANT; a filtered run (rules that have tests in the full suite did not run) gives NO VERDICT; a spec
 * MUST rule left untested gives INCOMPLETE. Beyond-spec and robustness failures are named, never decisive.
 */
export function headline(verdict: Verdict): string {
  const { counts } = verdict
  const others = otherTiers(verdict)
  if (counts.failed > 0 || counts.inconclusive > 0) {
    return `NOT CONFORMANT: ${counts.failed} rules failed, ${counts.inconclusive} inconclusive${others}`
  }
  const untested = Object.values(verdict.tiers).reduce((sum, tier) => sum + tier.untested, 0)
  if (untested > 0) {
    return `NO VERDICT: ${untested} rules did not run (a filtered run checks only part of the spec); the ${checked(verdict)} rules that ran passed`
  }
  const notTested = untestedMustRules(verdict.rules)
  if (notTested.length > 0) {
    return (
      `INCOMPLETE: conformant to the ${checked(verdict)} rules tested; these MUST rules were not tested: ` +
      `${notTested.map(withReasons).join('; ')}${others}`
    )
  }
  const caveats = [
    counts.skipped > 0 ? `${counts.skipped} skipped, see their reasons` : '',
    counts.warning > 0 ? `${counts.warning} with warnings` : '',
    counts.pending > 0 ? `${counts.pending} not yet encoded` : '',
    counts['not-applicable'] > 0 ? `${counts['not-applicable']} not applicable` : '',
  ].filter(Boolean)
  const scope = counts.pending === 0 && counts.skipped === 0 ? 'all ' : 'the '
  return `CONFORMANT to ${scope}${checked(verdict)} rules checked${caveats.length > 0 ? ` (${caveats.join('; ')})` : ''}${others}`
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
    beyond > 0 ? `; beyond the spec: ${beyond} rules failed (warnings)` : '',
    robustness > 0 ? `; robustness: ${robustness} rules failed` : '',
  ].join('')
}

function checked(verdict: Verdict): number {
  return verdict.counts.passed + verdict.counts.warning
}

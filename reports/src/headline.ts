import type { Verdict } from './verdict.ts'

/**
 * The one-line verdict, never claiming more than was checked: a filtered run (rules that have tests in the
 * full suite did not run) gives no verdict, and skipped or pending rules are part of the line.
 */
export function headline(verdict: Verdict): string {
  const { counts } = verdict
  if (counts.failed > 0 || counts.inconclusive > 0) {
    return `NOT CONFORMANT: ${counts.failed} rules failed, ${counts.inconclusive} inconclusive`
  }
  if (counts.untested > 0) {
    return `NO VERDICT: ${counts.untested} rules did not run (a filtered run checks only part of the spec); the ${checked(verdict)} rules that ran passed`
  }
  const caveats = [
    counts.skipped > 0 ? `${counts.skipped} skipped, see their reasons` : '',
    counts.warning > 0 ? `${counts.warning} with warnings` : '',
    counts.pending > 0 ? `${counts.pending} not yet encoded` : '',
  ].filter(Boolean)
  const scope = counts.pending === 0 && counts.skipped === 0 ? 'all ' : 'the '
  return `CONFORMANT to ${scope}${checked(verdict)} rules checked${caveats.length > 0 ? ` (${caveats.join('; ')})` : ''}`
}

function checked(verdict: Verdict): number {
  return verdict.counts.passed + verdict.counts.warning
}

import type { RuleLevel, RuleTier } from '../../conformance/rules/rule.ts'
import { applyBaseline, type Baseline, type BaselineOutcome } from './baseline.ts'
import { headline } from './headline.ts'
import type { VerdictSubject } from './run-subject.ts'
import { RULE_STATUSES, type RuleStatus, TIERS, type Verdict } from './verdict.ts'

export const LEVELS: readonly RuleLevel[] = ['MUST', 'SHOULD', 'MAY']

/** The request, response and curl line of one failing test's exchange. */
export interface Evidence {
  name: string
  body: string
}

/**
 * Everything `verdict.json` holds (schema: reports/schemas/verdict.schema.json); the Markdown, HTML and JUnit
 * renderings are made from it, so a merged shard run renders exactly as a single run.
 */
export interface VerdictDocument extends Verdict, VerdictSubject {
  schemaVersion: 1
  headline: string
  /** Playwright's status of the run: passed, failed, timedout or interrupted. */
  runStatus: string
  /** 0: no spec rule failed or was inconclusive beyond the baseline, no stale entry; 1 otherwise. */
  exitCode: 0 | 1
  /** Rule counts by tier, then level, then status. */
  levels: Record<RuleTier, Record<RuleLevel, Record<RuleStatus, number>>>
  /** Failing tests outside the verdict (the reference server's own ledger check): they fail the run too. */
  otherFailures: string[]
  /** Failing test title -> its exchanges. */
  evidence: Record<string, Evidence[]>
  baseline: (Omit<Baseline, 'expectedFailures'> & BaselineOutcome & { entries: number }) | null
}

export function buildVerdictDocument(input: {
  verdict: Verdict
  subject: VerdictSubject
  runStatus: string
  otherFailures: string[]
  evidence: Record<string, Evidence[]>
  baseline?: Baseline
}): VerdictDocument {
  const { verdict, baseline } = input
  const outcome = baseline ? applyBaseline(verdict, baseline.expectedFailures) : undefined
  const failing = verdict.rules.filter(
    (r) => r.tier === 'spec' && (r.status === 'failed' || r.status === 'inconclusive'),
  )
  const blocked = outcome ? outcome.unexpected.length > 0 || outcome.stale.length > 0 : failing.length > 0
  return {
    schemaVersion: 1,
    headline: headline(verdict),
    runStatus: input.runStatus,
    exitCode: blocked || input.otherFailures.length > 0 ? 1 : 0,
    ...input.subject,
    ...verdict,
    levels: levelCounts(verdict),
    otherFailures: input.otherFailures,
    evidence: input.evidence,
    baseline:
      baseline && outcome
        ? {
            file: baseline.file,
            target: baseline.target,
            entries: baseline.expectedFailures.length,
            ...outcome,
          }
        : null,
  }
}

function levelCounts(verdict: Verdict): VerdictDocument['levels'] {
  const zero = () => Object.fromEntries(RULE_STATUSES.map((s) => [s, 0])) as Record<RuleStatus, number>
  const levels = Object.fromEntries(
    TIERS.map((tier) => [tier, Object.fromEntries(LEVELS.map((level) => [level, zero()]))]),
  ) as VerdictDocument['levels']
  for (const r of verdict.rules) levels[r.tier][r.rule.level][r.status]++
  return levels
}

import type { Baseline } from '../../conformance/harness/rules/baseline-file.ts'
import type { RuleLevel, RuleTier } from '../../conformance/harness/rules/rule.ts'
import { applyBaseline, type BaselineOutcome } from './baseline.ts'
import { EXIT, type ExitStatus } from './exit-status.ts'
import { headline, interruptedHeadline } from './headline.ts'
import { publishedPath } from './relative-paths-reporter.ts'
import type { ClientSubject, VerdictSubject } from './run-subject.ts'
import { type TargetStop, targetStopOf, targetStopSentence } from './target-stop.ts'
import {
  belowMinimum,
  cutMustRules,
  RULE_STATUSES,
  type RuleStatus,
  type TestRecord,
  TIERS,
  untestedMustRules,
  type Verdict,
} from './verdict.ts'

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
  /**
   * What `op-conformance run` exits with: 0 CONFORMANT, 1 NOT CONFORMANT, 3 INCOMPLETE, 4 NO VERDICT, 5 INTERRUPTED
   * (exit-status.ts).
   */
  exitCode: ExitStatus
  /** Rule counts by tier, then level, then status. */
  levels: Record<RuleTier, Record<RuleLevel, Record<RuleStatus, number>>>
  /** Failing tests outside the verdict (the reference server's own ledger check): they fail the run too. */
  otherFailures: string[]
  /** Failing test title -> its exchanges. */
  evidence: Record<string, Evidence[]>
  /**
   * The options that point `op-conformance run` at this run's target and baseline (settings/rerun-command.ts):
   * every failure is shown with the command that runs its test again against the same target. Absent for a client.
   */
  sameTarget?: string[]
  /** Set when a client was graded (op-conformance client); absent when a server was. */
  subject?: ClientSubject
  /** Set when the target stopped answering during the run: the verdict stands on the answers before the stop. */
  targetStopped?: TargetStop
  baseline:
    | (Omit<Baseline, 'expectedFailures' | 'expectedUntested'> & BaselineOutcome & { entries: number })
    | null
}

export function buildVerdictDocument(input: {
  verdict: Verdict
  subject: VerdictSubject
  runStatus: string
  /** Of an interrupted run: how many tests it stopped (test-record.ts's INTERRUPTED_CUT). */
  stoppedTests?: number
  /** The run's test records, when the document may say what they show beyond the verdict (target-stop.ts). */
  records?: readonly TestRecord[]
  otherFailures: string[]
  evidence: Record<string, Evidence[]>
  sameTarget?: string[]
  baseline?: Baseline
  client?: ClientSubject
}): VerdictDocument {
  const { verdict, baseline } = input
  const stop = targetStopOf(input.records ?? [])
  const outcome = baseline
    ? applyBaseline(verdict, baseline.expectedFailures, baseline.expectedUntested)
    : undefined
  return {
    schemaVersion: 1,
    headline:
      input.runStatus === 'interrupted'
        ? interruptedHeadline(verdict, input.stoppedTests ?? 0)
        : `${headline(verdict)}${stop ? targetStopSentence(stop) : ''}`,
    runStatus: input.runStatus,
    exitCode:
      input.runStatus === 'interrupted'
        ? EXIT.interrupted
        : exitStatusOf(verdict, outcome, input.otherFailures),
    ...input.subject,
    ...verdict,
    levels: levelCounts(verdict),
    otherFailures: input.otherFailures,
    evidence: input.evidence,
    ...(input.sameTarget ? { sameTarget: input.sameTarget } : {}),
    baseline:
      baseline && outcome
        ? {
            file: publishedPath(baseline.file),
            target: baseline.target,
            entries: baseline.expectedFailures.length + (baseline.expectedUntested?.length ?? 0),
            ...outcome,
          }
        : null,
    ...(input.client ? { subject: input.client } : {}),
    ...(stop ? { targetStopped: stop } : {}),
  }
}

/**
 * The exit status the verdict decides: a failure (beyond what the baseline expects) or a stale baseline entry
 * first, then a filtered run, then a spec MUST rule not tested (unless the baseline accepts the gap).
 */
export function exitStatusOf(
  verdict: Verdict,
  outcome: BaselineOutcome | undefined,
  otherFailures: readonly string[],
): ExitStatus {
  const failing = verdict.rules.filter(
    (r) => r.tier === 'spec' && (r.status === 'failed' || r.status === 'inconclusive'),
  )
  const blocked = outcome ? outcome.unexpected.length > 0 || outcome.stale.length > 0 : failing.length > 0
  if (blocked || otherFailures.length > 0) return EXIT.notConformant
  if (verdict.scope.filtered) return EXIT.noVerdict
  const accepted = new Set(outcome?.untested.map((entry) => entry.rule))
  const gaps = untestedMustRules(verdict.rules).filter((r) => !accepted.has(r.rule.id))
  const incomplete =
    gaps.length > 0 || cutMustRules(verdict).length > 0 || belowMinimum(verdict.properties).length > 0
  return incomplete ? EXIT.incomplete : EXIT.conformant
}

function levelCounts(verdict: Verdict): VerdictDocument['levels'] {
  const zero = () => Object.fromEntries(RULE_STATUSES.map((s) => [s, 0])) as Record<RuleStatus, number>
  const levels = Object.fromEntries(
    TIERS.map((tier) => [tier, Object.fromEntries(LEVELS.map((level) => [level, zero()]))]),
  ) as VerdictDocument['levels']
  for (const r of verdict.rules) levels[r.tier][r.rule.level][r.status]++
  return levels
}

import { isDeepStrictEqual } from 'node:util'
import { CLIENT_RULES } from '../client-conformance/client-rules.ts'
import type { Baseline } from '../conformance/harness/rules/baseline-file.ts'
import { RULES } from '../conformance/harness/rules/registry.ts'
import { BADGE } from '../reports/src/render-verdict.ts'
import { computeVerdict, RULE_STATUSES, type RuleStatus, type RuleVerdict } from '../reports/src/verdict.ts'
import { buildVerdictDocument, type VerdictDocument } from '../reports/src/verdict-document.ts'
import type { VerdictRecords } from '../reports/src/verdict-records.ts'

/** What recomputing an archived verdict found: each line names the rule or the part of verdict.json it is about. */
export interface Recomputation {
  rules: number
  /** Whether the records are those of a filtered run. */
  filtered: boolean
  differences: string[]
}

/**
 * The verdict the archived records give with this suite's own code (the registry of the records' mode,
 * computeVerdict, the document's headline, exit status and baseline outcome), compared with the archived
 * verdict.json part by part: a rule's status first, then the scope, the headline, and anything else.
 */
export function recomputeVerdict(
  archived: VerdictDocument,
  records: VerdictRecords,
  baseline: Omit<Baseline, 'file'> | undefined,
): Recomputation {
  const verdict = computeVerdict(
    records.mode === 'client' ? CLIENT_RULES : RULES,
    records.records,
    records.options,
  )
  const given = buildVerdictDocument({
    verdict,
    subject: {
      target: archived.target,
      walletAddresses: archived.walletAddresses,
      suite: archived.suite,
      spec: archived.spec,
      consentDrivers: archived.consentDrivers,
      finishedAt: archived.finishedAt,
      latency: archived.latency,
    },
    runStatus: archived.runStatus,
    records: records.records,
    otherFailures: archived.otherFailures,
    evidence: archived.evidence,
    baseline: baseline && { ...baseline, file: archived.baseline?.file ?? 'baseline.json' },
    client: archived.subject,
  })
  // The baseline's path is where the run read it: a label, not something the records decide. So are the options
  // a failure's re-run line gives (the target file and baseline as the run was pointed at them).
  if (given.baseline && archived.baseline) given.baseline.file = archived.baseline.file
  const recomputed = JSON.parse(
    JSON.stringify(archived.sameTarget ? { ...given, sameTarget: archived.sameTarget } : given),
  ) as VerdictDocument
  return {
    rules: recomputed.rules.length,
    filtered: recomputed.scope.filtered,
    differences: differences(archived, recomputed),
  }
}

function differences(archived: VerdictDocument, recomputed: VerdictDocument): string[] {
  const found: string[] = []
  const byId = (rules: readonly RuleVerdict[]) => new Map(rules.map((r) => [r.rule.id, r]))
  const was = byId(archived.rules ?? [])
  const is = byId(recomputed.rules)
  for (const [id, r] of is) {
    const a = was.get(id)
    if (!a) found.push(`${id}: left out of verdict.json; its evidence gives ${BADGE[r.status]}`)
    else if (a.status !== r.status)
      found.push(
        `${id}: verdict.json says ${shownStatus(a.status)}; its evidence (records.json) gives ${BADGE[r.status]}`,
      )
    else {
      const where = firstDifference(a, r)
      if (where)
        found.push(`${id}: verdict.json's entry of the rule is not what its evidence gives, at ${where}`)
    }
  }
  for (const id of was.keys())
    if (!is.has(id))
      found.push(`${id}: in verdict.json, but no test record of the run declares or observes it`)
  if (archived.scope?.filtered === false && recomputed.scope.filtered)
    found.push(
      `scope: verdict.json presents a filtered run as the whole suite: its records hold tests of ` +
        `${recomputed.rules.length} rules, and ${recomputed.scope.rulesLeftOut} rules of the suite had no test in the run`,
    )
  else if (!isDeepStrictEqual(archived.scope, recomputed.scope))
    found.push(
      `scope: verdict.json says ${JSON.stringify(archived.scope)}; the records give ${JSON.stringify(recomputed.scope)}`,
    )
  if (archived.headline !== recomputed.headline)
    found.push(
      `headline: verdict.json says "${archived.headline}"; the records give "${recomputed.headline}"`,
    )
  if (archived.exitCode !== recomputed.exitCode)
    found.push(`exitCode: verdict.json says ${archived.exitCode}; the records give ${recomputed.exitCode}`)
  const told = new Set(['rules', 'scope', 'headline', 'exitCode'])
  for (const key of new Set([...Object.keys(archived), ...Object.keys(recomputed)])) {
    if (told.has(key)) continue
    const where = firstDifference(
      (archived as unknown as Record<string, unknown>)[key],
      (recomputed as unknown as Record<string, unknown>)[key],
    )
    if (where !== undefined)
      found.push(`${key}: verdict.json's ${key}${where === 'it' ? '' : where} is not what the records give`)
  }
  return found
}

/**
 * A verdict's own counts against its own rules, whatever suite wrote it: a status edited in one place and not
 * the other is told without recomputing anything.
 */
export function countsAgainstRules(document: VerdictDocument): string[] {
  return Object.entries(document.tiers ?? {}).flatMap(([tier, counts]) =>
    RULE_STATUSES.filter(
      (status) =>
        counts[status] !==
        (document.rules ?? []).filter((r) => r.tier === tier && r.status === status).length,
    ).map(
      (status) =>
        `tiers.${tier}.${status}: verdict.json counts ${counts[status]}, its rules list ` +
        `${(document.rules ?? []).filter((r) => r.tier === tier && r.status === status).length}`,
    ),
  )
}

/** The path of the first place two JSON values differ (`.failures[0]`), `it` for the values themselves. */
function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    for (const key of keys) {
      const step = Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`
      const inner = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        step,
      )
      if (inner !== undefined) return inner
    }
  }
  return path || 'it'
}

function shownStatus(status: RuleStatus | string): string {
  return BADGE[status as RuleStatus] ?? JSON.stringify(status)
}

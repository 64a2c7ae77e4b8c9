import { rerunCommand } from '../../settings/rerun-command.ts'
import { scenariosLine, scenariosRun, testLabel, testsSentence } from './client-scenarios.ts'
import { EXIT } from './exit-status.ts'
import { failedWhere, failureTexts, readableFailure } from './failure-text.ts'
import { foundationLines } from './foundation-verdict.ts'
import { isClientVerdict, subjectRows, tierTitle, verdictTitle } from './graded-subject.ts'
import { withReasons } from './headline.ts'
import { plural } from './plural.ts'
import { clauseLines, evidenceLine, evidenceSummary, undecidedLines } from './render-evidence.ts'
import { INTERRUPTED_CUT } from './test-record.ts'
import {
  belowMinimum,
  cutMustRules,
  type RuleStatus,
  type RuleVerdict,
  TIERS,
  untestedMustRules,
  type Verdict,
} from './verdict.ts'
import type { VerdictDocument } from './verdict-document.ts'

export const BADGE: Record<RuleStatus, string> = {
  passed: 'PASS',
  warning: 'PASS (warning)',
  failed: 'FAIL',
  inconclusive: 'INCONCLUSIVE',
  skipped: 'NOT TESTED',
  'not-applicable': 'NOT APPLICABLE',
  pending: 'PENDING',
  untested: 'UNTESTED',
}

/** Beyond the spec, a failure is a warning: the badge says so. */
export const badgeOf = (r: RuleVerdict) =>
  r.tier === 'beyond-spec' && r.status === 'failed' ? 'FAIL (warning, beyond the spec)' : BADGE[r.status]

/**
 * The order a reader needs: what fails or could not be decided first, then what was not tested, then what
 * passed. Within one status, the registry's order.
 */
export const ATTENTION_ORDER: readonly RuleStatus[] = [
  'failed',
  'inconclusive',
  'skipped',
  'untested',
  'not-applicable',
  'pending',
  'warning',
  'passed',
]

export function byAttention(rules: readonly RuleVerdict[]): RuleVerdict[] {
  return rules
    .map((r, index) => ({ r, index }))
    .sort(
      (a, b) =>
        ATTENTION_ORDER.indexOf(a.r.status) - ATTENTION_ORDER.indexOf(b.r.status) || a.index - b.index,
    )
    .map(({ r }) => r)
}

/**
 * What stands out: the failed and inconclusive rules (any tier), then the spec rules a test skipped. Rules no
 * test observed (a filtered run) are counted, not listed, by the renderings.
 */
export function needsAttention(rules: readonly RuleVerdict[]): RuleVerdict[] {
  // The spec tier first: it decides.
  return TIERS.flatMap((tier) =>
    byAttention(rules.filter((r) => r.tier === tier)).filter(
      (r) =>
        r.status === 'failed' || r.status === 'inconclusive' || (r.tier === 'spec' && r.status === 'skipped'),
    ),
  )
}

/** The line that counts the rules no test observed, or nothing. */
export function untestedLine(rules: readonly RuleVerdict[]): string | undefined {
  const untested = rules.filter((r) => r.status === 'untested').length
  return untested === 0
    ? undefined
    : `${plural(untested, 'rule')} untested: no test of this run observed them.`
}

/** How many tests observed an automatic rule: they are every test that received a response, not worth listing. */
export function testsSummary(r: RuleVerdict): string {
  const count = plural(r.tests.length, 'test')
  return r.rule.automatic ? `checked on every response of ${count}` : count
}

/** One line: the reasons the verdict recorded, else the first failure's first line. */
export function whyOf(r: RuleVerdict): string {
  if (r.reasons.length > 0) return r.reasons.join('; ')
  const first = r.failures[0]
  if (first) {
    const line = readableFailure(r, first).text.split('\n')[0] ?? ''
    return line.length > 240 ? `${line.slice(0, 239)}…` : line
  }
  return r.status === 'inconclusive' ? 'no reason recorded (see its tests below)' : r.rule.statement
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', '<br>')

export function countsLine(counts: Record<RuleStatus, number>): string {
  return (
    `${counts.passed} passed, ${counts.warning} passed with warnings, ${counts.failed} failed, ` +
    `${counts.inconclusive} inconclusive, ${counts.skipped} not tested, ${counts['not-applicable']} not applicable, ` +
    `${counts.pending} pending, ${counts.untested} untested`
  )
}

/**
 * The console summary: what a filtered run left out, each tier's counts, every rule that did not pass and every
 * passed rule some of whose tests did not check it, by tier; then the flaky tests and the properties that stopped early.
 */
export function summaryLines(verdict: Verdict & Pick<VerdictDocument, 'subject' | 'sameTarget'>): string[] {
  return [
    ...foundationLines(verdict),
    ...scopeLines(verdict),
    ...tiersWithRules(verdict).flatMap((tier) => [
      `  ${tier}: ${countsLine(verdict.tiers[tier])}`,
      ...byAttention(verdict.rules)
        .filter(
          (r) => r.tier === tier && !['passed', 'warning', 'pending'].includes(r.status) && !stoppedOnly(r),
        )
        .flatMap((r) => [
          `    ${BADGE[r.status].padEnd(14)} ${withReasons(r)} (${r.rule.level}): ${r.rule.statement}`,
          ...firstFailureLines(verdict, r),
        ]),
      ...verdict.rules
        .filter((r) => r.tier === tier && notRunNote(r))
        .map((r) => `    ${BADGE[r.status].padEnd(14)} ${r.rule.id}: ${notRunNote(r)}`),
    ]),
    ...stoppedLine(verdict.rules),
    ...(verdict.tests.flaky > 0
      ? [`  ${verdict.tests.flaky} flaky (passed only on a retry): their rules carry a warning`]
      : []),
    ...verdict.properties.filter((p) => p.stopped !== 'completed').map((p) => `  ${propertyLine(p)}`),
    ...undecidedLines(verdict, verdict.sameTarget),
  ]
}

/** A rule not tested only because the run was interrupted before its tests ended: counted, not listed. */
function stoppedOnly(r: RuleVerdict): boolean {
  return (
    r.status === 'skipped' && r.reasons.length > 0 && r.reasons.every((reason) => reason === INTERRUPTED_CUT)
  )
}

function stoppedLine(rules: readonly RuleVerdict[]): string[] {
  const stopped = rules.filter(stoppedOnly).length
  return stopped > 0
    ? [`  ${plural(stopped, 'rule')} not tested: the run was interrupted before their tests ended`]
    : []
}

/**
 * Under a failed rule on the console: what its first failure saw (the answer and what the spec requires), then
 * where, and in how many more tests. What was seen comes first: a long test title must not cut it off.
 */
function firstFailureLines(
  verdict: Pick<VerdictDocument, 'subject' | 'sameTarget'>,
  r: RuleVerdict,
): string[] {
  const first = r.failures[0]
  if (!first) return []
  const { test, text } = readableFailure(r, first)
  const line = text.split('\n')[0] ?? ''
  const client = isClientVerdict(verdict)
  const others = r.failedIn.length - 1
  const more = others > 0 ? ` (and ${plural(others, client ? 'other scenario' : 'other test')})` : ''
  const indent = ' '.repeat(19)
  return [
    `${indent}${line.length > 400 ? `${line.slice(0, 399)}…` : line}`,
    ...(test ? [`${indent}in ${testLabel(verdict)(test)}${more}`] : []),
    ...(test && verdict.sameTarget ? [`${indent}re-run: ${rerunCommand(test, verdict.sameTarget)}`] : []),
  ]
}

/** The tiers a verdict has rules in: a rule set without robustness rules (the client mode's) shows no empty section. */
function tiersWithRules(verdict: Verdict): typeof TIERS {
  return TIERS.filter((tier) => verdict.rules.some((r) => r.tier === tier))
}

/** The console lines of a baseline: its counts, then each unexpected failure, stale and unconfirmed entry. */
export function baselineLines(document: VerdictDocument): string[] {
  const b = document.baseline
  if (!b) return []
  return [
    `  baseline ${b.file}: ${b.expected.length} expected failures, ${b.unexpected.length} unexpected, ${b.stale.length} stale`,
    ...b.unexpected.map((id) => `    UNEXPECTED     ${id}`),
    ...b.stale.map((s) => `    STALE          ${s.why}: remove it from the baseline (${s.entry.reason})`),
    ...b.unconfirmed.map((u) => `    UNCONFIRMED    ${u.why}; the entry stays (${u.entry.reason})`),
    `  with the baseline: ${withBaseline(document)}`,
  ]
}

/** What the exit status says once the baseline is applied: the headline above is the target's own. */
export function withBaseline(document: VerdictDocument): string {
  const code = `(exit ${document.exitCode})`
  switch (document.exitCode) {
    case EXIT.conformant:
      return `CONFORMANT ${code}: every failure and gap is one the baseline expects`
    case EXIT.notConformant:
      return `NOT CONFORMANT ${code}: a failure the baseline does not expect, or a stale entry (above)`
    case EXIT.noVerdict:
      return `NO VERDICT ${code}: a filtered run`
    case EXIT.incomplete: {
      const accepted = new Set(document.baseline?.untested.map((entry) => entry.rule))
      const gaps = untestedMustRules(document.rules)
        .filter((r) => !accepted.has(r.rule.id))
        .map((r) => `${r.rule.id} not tested`)
      const cut = cutMustRules(document).map(
        (r) => `${r.rule.id} had a test cut short by the suite's own limits`,
      )
      const short = belowMinimum(document.properties).map(
        (p) => `property ${p.name} ran ${p.runs} of ${p.numRuns} runs, below its minimum of ${p.minimumRuns}`,
      )
      return `INCOMPLETE ${code}: every failure is one the baseline expects, but ${[...gaps, ...cut, ...short].join('; ')}`
    }
    default:
      return code
  }
}

/** A filtered run says what it left out. */
export function scopeLines(verdict: Verdict): string[] {
  if (!verdict.scope.filtered) return []
  return [
    `  a filtered run: only the ${verdict.rules.length} rules its tests checked are reported; ${verdict.scope.rulesLeftOut} rules of the suite were left out`,
  ]
}

/**
 * For a rule that passed although some of its tests did not check it (skipped, cut short, or passed on a path
 * that makes no check of it): how many, and why.
 */
export function notRunNote(r: RuleVerdict): string | undefined {
  if ((r.status !== 'passed' && r.status !== 'warning') || r.notRun.length === 0) return undefined
  return `${r.notRun.length} of ${r.tests.length} tests did not check it: ${[...new Set(r.notRun.map((n) => n.reason))].join('; ')}`
}

/** How far a property's search went. */
export function propertyLine(p: Verdict['properties'][number]): string {
  const why = {
    completed: 'completed',
    'time limit': 'stopped at the time limit',
    counterexample: 'stopped at a counterexample',
  }[p.stopped]
  const profile =
    p.profile === 'full' &&
    p.minimumRuns !== undefined &&
    p.runs < p.minimumRuns &&
    p.stopped === 'time limit'
      ? `below the full profile's minimum of ${p.minimumRuns}`
      : `${p.profile} profile`
  return `property ${p.name}: ${p.runs} of ${p.numRuns} runs (${profile}, seed ${p.seed}), ${why}`
}

/** The publishable verdict: one table per tier, one row per rule, then the details of what failed or warned. */
export function renderVerdictMarkdown(verdict: VerdictDocument): string {
  const out = [
    `# ${verdictTitle(verdict)}`,
    '',
    ...subjectRows(verdict).map(([label, value], i) =>
      i === 0 ? `${label}: **${value}**  ` : `${label}: ${value}  `,
    ),
    `Suite: ${verdict.suite.name} ${verdict.suite.version} (commit ${verdict.suite.commit}; ${verdict.suite.files} files, sha256 ${verdict.suite.sha256}), finished ${verdict.finishedAt}  `,
    `Spec: OpenAPI ${verdict.spec.openApi} from ${verdict.spec.package} ${verdict.spec.packageVersion}; consent: ${verdict.consentDrivers.join(', ') || 'not needed'}`,
    '',
    `**${verdict.headline}**`,
    '',
    ...foundationLines(verdict).map((line) => `- ${line.trim()}`),
    ...(foundationLines(verdict).length > 0 ? [''] : []),
    ...attentionLines(verdict),
    testsSentence(verdict, (_, count) => String(count)),
    ...scopeLines(verdict).map((line) => line.trim()),
    '',
    'See docs/verdict.md for what the tiers and statuses mean; verdict.html shows each failure with its requests.',
    '',
  ]
  for (const tier of tiersWithRules(verdict)) {
    out.push(
      `## ${tierTitle(verdict, tier)}`,
      '',
      `Rules: ${countsLine(verdict.tiers[tier])}.`,
      '',
      `| Rule | Level | Result | Statement | ${isClientVerdict(verdict) ? 'Scenarios' : 'Tests'} and evidence |`,
      '|---|---|---|---|---|',
      ...byAttention(verdict.rules)
        .filter((r) => r.tier === tier)
        .map(
          (r) =>
            `| ${ruleLink(r)} | ${r.rule.level} | ${badgeOf(r)} | ${cell(r.rule.statement)} | ${cell(testsCell(verdict, r))} |`,
        ),
      '',
    )
  }
  if (verdict.properties.length > 0)
    out.push('## Property searches', '', ...verdict.properties.map((p) => `- ${propertyLine(p)}`), '')
  const noteworthy = byAttention(verdict.rules).filter(
    (r) => r.failures.length > 0 || r.warnings.length > 0 || r.status === 'inconclusive',
  )
  if (noteworthy.length > 0) out.push('## Details', '')
  for (const r of noteworthy) {
    out.push(`### ${r.rule.id}: ${badgeOf(r)}`, '', `${r.rule.statement} (${r.rule.section})`, '')
    if (r.reasons.length > 0) out.push(`Why: ${r.reasons.join('; ')}`, '')
    for (const { tests, text } of failureTexts(verdict, r)) {
      out.push(...(tests.length > 0 ? [`${failedWhere(verdict, tests)}:`, ''] : []), '```', text, '```', '')
      if (verdict.sameTarget && tests.length > 0)
        out.push(
          'Run again against the same target:',
          '',
          '```sh',
          ...tests.map((test) => rerunCommand(test, verdict.sameTarget!)),
          '```',
          '',
        )
    }
    for (const warning of r.warnings) out.push(`- warning: ${warning}`)
    if (r.clauses.length > 1 || r.clauses.some((c) => c.situation))
      out.push('', 'Clauses:', '', ...clauseLines(r, testLabel(verdict)).map((line) => `- ${line}`))
    // The failing checks are the failures just shown: the evidence adds the others.
    const others = r.evidence.filter((e) => e.outcome !== 'fail' || r.failures.length === 0)
    out.push(
      '',
      ...(others.length > 0
        ? [
            `Evidence (${evidenceSummary(r)}):`,
            '',
            ...others.map((e) => `- ${evidenceLine(e, testLabel(verdict))}`),
          ]
        : [`Evidence: ${evidenceSummary(r)}.`]),
      '',
    )
  }
  return `${out.join('\n')}\n`
}

function testsCell(d: VerdictDocument, r: RuleVerdict): string {
  if (r.rule.pending && r.tests.length === 0) return `pending: ${r.rule.pending}`
  if (isClientVerdict(d)) {
    // A rule no check of ran says so by its scenarios ("nothing to judge in ...") and its reasons.
    const ran = r.observed.pass + r.observed.fail + r.observed.warning > 0
    const judged = [
      r.tests.length > 0 ? scenariosLine(r, scenariosRun(d)) : '',
      ran ? evidenceSummary(r) : '',
      ...r.reasons,
    ]
    return judged.filter(Boolean).join('; ')
  }
  const evidence = `; ${evidenceSummary(r)}`
  const note = notRunNote(r)
  if (note) return `${testsSummary(r)}${evidence}; ${note}`
  const why = r.reasons.length > 0 && r.status !== 'passed' ? `: ${r.reasons.join('; ')}` : ''
  return `${testsSummary(r)}${evidence}${why}`
}

/** A rule's ID, linked to its details when it has any (GitHub and most renderers anchor `### ID: ...`). */
function ruleLink(r: RuleVerdict): string {
  const detailed = r.failures.length > 0 || r.warnings.length > 0 || r.status === 'inconclusive'
  return detailed ? `[${r.rule.id}](#${anchorOf(`${r.rule.id}: ${badgeOf(r)}`)})` : r.rule.id
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replaceAll(' ', '-')
}

/** Under the headline: each rule that failed or is inconclusive, with its reason, then the spec rules not tested. */
function attentionLines(verdict: VerdictDocument): string[] {
  const rules = needsAttention(verdict.rules)
  if (rules.length === 0 && !untestedLine(verdict.rules)) return []
  return [
    ...rules.map((r) => `- ${badgeOf(r)} ${ruleLink(r)} (${r.tier}, ${r.rule.level}): ${cell(whyOf(r))}`),
    ...[untestedLine(verdict.rules)].filter((line) => line !== undefined).map((line) => `- ${line}`),
    '',
  ]
}

import { headline } from './headline.ts'
import type { RuleStatus, Verdict } from './verdict.ts'

const BADGE: Record<RuleStatus, string> = {
  passed: 'PASS',
  warning: 'PASS (warning)',
  failed: 'FAIL',
  inconclusive: 'INCONCLUSIVE',
  skipped: 'SKIPPED',
  pending: 'PENDING',
  untested: 'UNTESTED',
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', '<br>')

/** What was tested, by which suite, when: a published verdict must say what it is about. */
export interface VerdictSubject {
  target: string
  walletAddresses: Record<string, string>
  suiteVersion: string
  finishedAt: string
}

/** The publishable verdict: one row per rule of the spec, then the details of what failed or warned. */
export function renderVerdictMarkdown(verdict: Verdict, subject: VerdictSubject): string {
  const { counts } = verdict
  const out = [
    '# Open Payments conformance verdict',
    '',
    `Target: **${subject.target}** (${Object.entries(subject.walletAddresses)
      .map(([role, url]) => `${role} ${url}`)
      .join(', ')})  `,
    `Suite: open-payments-conformance ${subject.suiteVersion}, finished ${subject.finishedAt}`,
    '',
    `**${headline(verdict)}**`,
    '',
    `Rules: ${counts.passed} passed, ` +
      `${counts.warning} passed with warnings, ${counts.failed} failed, ${counts.inconclusive} inconclusive, ` +
      `${counts.skipped} skipped, ${counts.pending} pending (not yet encoded), ${counts.untested} untested.`,
    '',
    `Tests: ${verdict.tests.passed} passed, ${verdict.tests.failed} failed, ${verdict.tests.skipped} skipped.`,
    '',
    '| Rule | Level | Result | Statement | Tests |',
    '|---|---|---|---|---|',
    ...verdict.rules.map(
      (r) =>
        `| ${r.rule.id} | ${r.rule.level} | ${BADGE[r.status]} | ${cell(r.rule.statement)} | ` +
        `${r.rule.pending && r.tests.length === 0 ? cell(`pending: ${r.rule.pending}`) : r.tests.length} |`,
    ),
    '',
  ]
  const noteworthy = verdict.rules.filter((r) => r.failures.length > 0 || r.warnings.length > 0)
  if (noteworthy.length > 0) out.push('## Details', '')
  for (const r of noteworthy) {
    out.push(`### ${r.rule.id}: ${BADGE[r.status]}`, '', `${r.rule.statement} (${r.rule.section})`, '')
    for (const failure of r.failures) out.push('```', failure.trim(), '```', '')
    for (const warning of r.warnings) out.push(`- warning: ${warning}`)
    out.push('')
  }
  return `${out.join('\n')}\n`
}

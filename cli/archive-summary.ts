import { gradedName, subjectRows } from '../reports/src/graded-subject.ts'
import { withBaseline } from '../reports/src/render-verdict.ts'
import { type RuleStatus, TIERS } from '../reports/src/verdict.ts'
import type { VerdictDocument } from '../reports/src/verdict-document.ts'
import { mannerLines, type RunManner } from './run-manner.ts'

export const SUMMARY_FILE = 'summary.md'

/** The suite's build as the archive's digest list names it: the SHA-256 over the suite's files. */
export interface SuiteBuild {
  files: number
  sha256: string
}

/** A headline can name every rule that was not tested: the page keeps its first part, verdict.md has it whole. */
const HEADLINE_LIMIT = 600

/** The headline's first words: what the verdict is, without its counts and caveats. */
export function verdictWord(headline: string): string {
  return /^(NOT CONFORMANT|CONFORMANT|INCOMPLETE|NO VERDICT)/.exec(headline)?.[1] ?? headline.split(':')[0]!
}

const COLUMNS: [string, RuleStatus[]][] = [
  ['passed', ['passed']],
  ['passed with warnings', ['warning']],
  ['failed', ['failed']],
  ['inconclusive', ['inconclusive']],
  ['not tested', ['skipped', 'untested', 'pending']],
  ['not applicable', ['not-applicable']],
]

/**
 * The archive's one page (summary.md): the verdict line, what was graded, by which suite against which spec, when,
 * how the run was made, the rules per tier and what the baseline excused. `verify` renders it again from
 * verdict.json and prints it: a page that says something else is a mismatch.
 */
export function renderSummary(document: VerdictDocument, manner: RunManner, build: SuiteBuild): string {
  const headline =
    document.headline.length > HEADLINE_LIMIT
      ? `${document.headline.slice(0, HEADLINE_LIMIT - 1)}… (verdict/verdict.md has it whole)`
      : document.headline
  const rows: [string, string][] = [
    ['Verdict', `${verdictWord(document.headline)} (exit status ${document.exitCode})`],
    ...subjectRows(document),
    ['Date', document.finishedAt],
    [
      'Suite',
      `${document.suite.name} ${document.suite.version}, commit ${document.suite.commit}; ${build.files} files, SHA-256 ${build.sha256}`,
    ],
    [
      'Spec',
      `Open Payments OpenAPI ${document.spec.openApi} (${document.spec.package} ${document.spec.packageVersion})`,
    ],
    [
      'How',
      mannerLines(manner, document.scope.filtered)
        .map((line) => line.trim())
        .join('; ')
        .replace(/^How: /, ''),
    ],
    ['Baseline', baselineCell(document)],
  ]
  const tiers = TIERS.filter((tier) => document.rules.some((r) => r.tier === tier))
  const count = (tier: (typeof TIERS)[number], statuses: RuleStatus[]) =>
    statuses.reduce((sum, status) => sum + document.tiers[tier][status], 0)
  const excuses = document.baseline
    ? [
        ...document.baseline.expected.map((e) => `- ${e.rule}: failed, expected (${e.reasons.join('; ')})`),
        ...document.baseline.untested.map((e) => `- ${e.rule}: not tested, accepted (${e.reason})`),
      ]
    : []
  return [
    `# ${gradedName(document)}`,
    '',
    `**${headline}**`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([label, value]) => `| ${label} | ${cell(value)} |`),
    '',
    '## Rules per tier',
    '',
    `| Tier | ${COLUMNS.map(([name]) => name).join(' | ')} |`,
    `|---|${COLUMNS.map(() => '---:').join('|')}|`,
    ...tiers.map((tier) => `| ${tier} | ${COLUMNS.map(([, s]) => count(tier, s)).join(' | ')} |`),
    '',
    'Only the spec tier decides the verdict; beyond-spec failures are warnings, robustness failures are named apart.',
    ...(excuses.length > 0 ? ['', "## The baseline's excuses", '', ...excuses] : []),
    '',
    'Check this archive: `npx --no-install op-conformance verify conformance-evidence.tar.gz` (docs/certification.md).',
    '',
  ].join('\n')
}

function baselineCell(document: VerdictDocument): string {
  const b = document.baseline
  if (!b) return 'none: no failure or gap was excused'
  return (
    `${b.file}, ${b.entries} entries: excused ${b.expected.length} failed or inconclusive rules and ` +
    `${b.untested.length} rules not tested; ${b.unexpected.length} unexpected, ${b.stale.length} stale. ` +
    `With it: ${withBaseline(document)}`
  )
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

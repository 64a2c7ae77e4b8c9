import { existsSync, lstatSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { scenarioFile } from '../client-conformance/grade-scenario.ts'
import type { Baseline } from '../conformance/harness/rules/baseline-file.ts'
import { renderJunit } from '../reports/src/render-junit.ts'
import { renderVerdictMarkdown } from '../reports/src/render-verdict.ts'
import { renderVerdictHtml } from '../reports/src/render-verdict-html.ts'
import { readRuleProof } from '../reports/src/rule-proof-file.ts'
import type { TestRecord } from '../reports/src/test-record.ts'
import type { VerdictDocument } from '../reports/src/verdict-document.ts'
import type { VerdictRecords } from '../reports/src/verdict-records.ts'
import { BADGE_FILE, renderBadge } from './archive-badge.ts'
import { renderSummary, SUMMARY_FILE } from './archive-summary.ts'
import { CLIENT_MODE_PARTS, digests, fileDigests, ruleEvidenceDigests, sha256 } from './digests.ts'
import {
  ARCHIVED_RECORDS,
  type ArchiveDigests,
  BASELINE_FILE,
  DIGESTS_FILE,
  TARGET_FILE,
  VERDICT_FILE,
} from './evidence-archive.ts'
import { mannerLines, RUN_MANNER_FILE, type RunManner } from './run-manner.ts'
import { countsAgainstRules, recomputeVerdict } from './verdict-recomputation.ts'

/** Not an evidence archive, or one too old to check: `verify` exits 2, never 1. */
export class UnreadableArchive extends Error {
  override name = 'UnreadableArchive'
}

export interface ArchiveCheck {
  /** The archive's summary.md, as it is. */
  summary?: string
  headline?: string
  /** What the verdict stands on: suite, spec, how the run was made, the target's declarations, the baseline. */
  facts: string[]
  /** Each a file or a rule, and what does not follow: any one makes the archive not genuine (exit 1). */
  mismatches: string[]
  /** Whether the suite running verify is the build that wrote the archive (the same files). */
  sameBuild?: boolean
}

/**
 * Checks an unpacked evidence archive (cli/evidence-archive.ts): every file against digests.json; the verdict
 * computed again from the records it holds with this suite's code, and compared with verdict.json and its
 * headline; each rule's evidence against the digest it was judged on; every page (summary, badge, verdict.md,
 * verdict.html, junit.xml) against the verdict, rendered again.
 * Run by another build of the suite, it says so: a verdict that build computes otherwise is a mismatch labelled
 * as possibly the suite's own change, for the archive's build to decide.
 */
export function checkArchive(folder: string): ArchiveCheck {
  const mismatches: string[] = []
  const read = <T>(path: string): T | undefined => {
    const file = join(folder, path)
    if (!existsSync(file)) return undefined
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as T
    } catch (error) {
      mismatches.push(`${path}: not valid JSON (${(error as Error).message})`)
      return undefined
    }
  }
  const list = read<ArchiveDigests>(DIGESTS_FILE)
  const document = read<VerdictDocument>(VERDICT_FILE)
  if (!existsSync(join(folder, DIGESTS_FILE)) || !existsSync(join(folder, VERDICT_FILE)))
    throw new UnreadableArchive(
      `it holds no ${DIGESTS_FILE} or no ${VERDICT_FILE}: not an evidence archive of op-conformance`,
    )
  if (list && !list.files)
    throw new UnreadableArchive(
      `its ${DIGESTS_FILE} lists no file digests: it was written by a suite before \`verify\` ` +
        `(${list.suite?.name} ${list.suite?.version}, commit ${list.suite?.commit}), with nothing to check it against`,
    )
  const records = read<VerdictRecords>(ARCHIVED_RECORDS)
  mismatches.push(...checkFiles(folder, list?.files ?? {}, records?.records))
  const manner = read<RunManner>(RUN_MANNER_FILE)
  const facts: string[] = []
  if (!list || !document) return { facts, mismatches }

  let checked: { summary?: string; sameBuild?: boolean } = {}
  try {
    checked = checkVerdict(folder, { list, document, records, manner }, read, facts, mismatches)
  } catch (error) {
    // Files that parse but are not what the suite writes (a member missing or of another type): told, never a crash.
    mismatches.push(
      `${VERDICT_FILE}, ${DIGESTS_FILE} or ${ARCHIVED_RECORDS}: not in the form the suite writes (${(error as Error).message})`,
    )
  }
  return { ...checked, headline: document.headline, facts, mismatches }
}

interface Archived {
  list: ArchiveDigests
  document: VerdictDocument
  records: VerdictRecords | undefined
  manner: RunManner | undefined
}

/**
 * The suite, the run's manner, the verdict recomputed, each rule's evidence, the pages against the verdict; gives
 * the archive's summary and whether this is the archive's build.
 */
function checkVerdict(
  folder: string,
  { list, document, records, manner }: Archived,
  read: <T>(path: string) => T | undefined,
  facts: string[],
  mismatches: string[],
): { summary?: string; sameBuild: boolean } {
  const mode = records?.mode ?? (document.subject?.kind === 'client' ? 'client' : 'server')
  const here = digests(mode === 'client' ? CLIENT_MODE_PARTS : [])
  const sameBuild = here.suite.sha256 === list.suite.sha256
  facts.push(`Suite: ${suiteLine(list.suite)}: ${buildRelation(list.suite, here.suite)}`)
  for (const key of ['name', 'version', 'commit'] as const)
    if (document.suite?.[key] !== list.suite[key])
      mismatches.push(
        `${VERDICT_FILE}: names the suite's ${key} ${document.suite?.[key]}, ${DIGESTS_FILE} ${list.suite[key]}`,
      )
  facts.push(`Spec: ${specLine(document, list, here)}`)
  mismatches.push(...countsAgainstRules(document).map((line) => `${VERDICT_FILE}: ${line}`))
  const baseline = read<Omit<Baseline, 'file'>>(BASELINE_FILE)
  if (document.baseline && !baseline)
    mismatches.push(`${BASELINE_FILE}: missing, though verdict.json says a baseline was applied`)
  const recomputation = records && recomputeVerdict(document, records, baseline)
  // Whether the run was filtered is what its records say, whatever verdict.json claims.
  const filtered = recomputation?.filtered ?? document.scope?.filtered ?? true
  if (manner) facts.push(...mannerLines(manner, filtered))
  else mismatches.push(`${RUN_MANNER_FILE}: missing: how the run was made is not recorded`)
  facts.push(...targetLines(read<Record<string, unknown>>(TARGET_FILE)), baselineLine(document))
  if (!records || !recomputation)
    mismatches.push(`${ARCHIVED_RECORDS}: missing: the verdict cannot be computed again`)
  else {
    // Another build's verdict code may read the same records otherwise: told as such, never as a plain "genuine".
    const under = sameBuild
      ? ''
      : " (by this build's verdict code, not the archive's: the suite's change or the archive's)"
    mismatches.push(
      ...recomputation.differences.map(
        (line) => `${VERDICT_FILE} against ${ARCHIVED_RECORDS}${under}: ${line}`,
      ),
    )
    facts.push(
      `Recomputed: ${records.records.length} test records give the ${recomputation.rules} rules of verdict.json` +
        (recomputation.differences.length > 0 ? ', with the differences named below' : ', the same verdict') +
        (sameBuild ? '' : " (by this build's code)"),
    )
    const judged = list.ruleEvidence ?? {}
    const now = ruleEvidenceDigests(records.records, document.evidence ?? {})
    for (const id of new Set([...Object.keys(judged), ...Object.keys(now)]))
      if (judged[id] !== now[id])
        mismatches.push(
          `${id}: its evidence is not what it was judged on (its observations or messages in ${ARCHIVED_RECORDS}, ` +
            `or the exchanges of a test that failed it in ${VERDICT_FILE}, changed)`,
        )
  }
  // Every page a reader opens says what verdict.json says, rendered again by the suite's own code.
  const textOf = (path: string) =>
    existsSync(join(folder, path)) ? readFileSync(join(folder, path), 'utf8') : undefined
  const renderings: [string, (d: VerdictDocument) => string][] = [
    ['verdict/verdict.md', renderVerdictMarkdown],
    // The page shows each rule's proof from the suite's own file, as the run that wrote it did.
    ['verdict/verdict.html', (d) => renderVerdictHtml(d, readRuleProof())],
    ['verdict/junit.xml', renderJunit],
    [BADGE_FILE, renderBadge],
  ]
  if (manner) renderings.push([SUMMARY_FILE, (d) => renderSummary(d, manner, list.suite)])
  const byOther = sameBuild ? '' : " (as this build renders it: the suite's change or the archive's)"
  for (const [path, render] of renderings) {
    const text = textOf(path)
    if (text !== render(document))
      mismatches.push(
        `${path}: ${text === undefined ? 'missing' : `does not say what verdict.json says${byOther}`}`,
      )
  }
  return { summary: textOf(SUMMARY_FILE), sameBuild }
}

/** Every file against its listed digest; a file not listed was added. A path must stay inside the archive. */
function checkFiles(
  folder: string,
  listed: Record<string, string>,
  records?: readonly TestRecord[],
): string[] {
  const found: string[] = []
  for (const [path, digest] of Object.entries(listed)) {
    const file = resolve(folder, path)
    if (relative(folder, file).startsWith('..'))
      found.push(`${path}: a path outside the archive, in ${DIGESTS_FILE}`)
    else if (!existsSync(file)) found.push(`${path}: listed in ${DIGESTS_FILE}, missing from the archive`)
    else if (!lstatSync(file).isFile()) found.push(`${path}: not a plain file (a link, a folder)`)
    else if (sha256(readFileSync(file)) !== digest)
      found.push(
        `${path}: changed since the archive was written (its SHA-256 is not the one ${DIGESTS_FILE} lists)${judgedOn(path, records)}`,
      )
  }
  for (const path of Object.keys(fileDigests(folder)))
    if (path !== DIGESTS_FILE && !(path in listed))
      found.push(`${path}: not in ${DIGESTS_FILE}: added after the archive was written`)
  return found
}

/**
 * A client mode's exchanges/NAME.txt is the evidence of the rules its scenario judged: they are named with it. (A
 * server run's exchanges are in verdict.json and records.json, whose rules' evidence digests name them.)
 */
function judgedOn(path: string, records: readonly TestRecord[] = []): string {
  const scenario = /^exchanges\/(.+)\.txt$/.exec(path)?.[1]
  if (!scenario) return ''
  // Read before the records are known to be records: what is not one names no rule.
  const named = (record: TestRecord) =>
    record?.file === scenarioFile(scenario)
      ? [record.rules, (Array.isArray(record.observations) ? record.observations : []).map((o) => o?.rule)]
          .flat()
          .filter((id) => typeof id === 'string')
      : []
  const rules = new Set(Array.isArray(records) ? records.flatMap(named) : [])
  return rules.size > 0 ? `: the exchanges scenario ${scenario} judged ${[...rules].join(', ')} on` : ''
}

type Suite = ArchiveDigests['suite']

function suiteLine(suite: Suite): string {
  return `${suite.name} ${suite.version}, commit ${suite.commit} (${suite.files} files, SHA-256 ${suite.sha256.slice(0, 16)}…)`
}

/** Whether the archive's suite is the one running verify: the same files, the same version, or another. */
function buildRelation(archived: Suite, here: Suite): string {
  if (archived.sha256 === here.sha256)
    return archived.commit === here.commit
      ? 'the build running verify'
      : `the files of the build running verify (commit ${here.commit} here)`
  const running = `this is ${suiteLine(here)}`
  return archived.version === here.version
    ? `the same version, another build (${running}): the files are checked as they are; a verdict this build computes otherwise may be its own change, and only the archive's build can tell`
    : `another version (${running}): the files are checked as they are; a verdict this version computes otherwise may be its own change, and only the archive's version can tell`
}

function specLine(document: VerdictDocument, list: ArchiveDigests, here: ReturnType<typeof digests>): string {
  const same = JSON.stringify(list.spec?.documents) === JSON.stringify(here.spec.documents)
  return (
    `Open Payments OpenAPI ${document.spec?.openApi} (${document.spec?.package} ${document.spec?.packageVersion}); ` +
    (same
      ? 'the same documents as this suite reads'
      : `documents other than this suite's (${here.spec.packageVersion})`)
  )
}

/** What the target file declared (the archived copy, its private keys removed): what the verdict assumed of it. */
function targetLines(target: Record<string, unknown> | undefined): string[] {
  if (!target) return ['Target file: not in the archive']
  const declared = ['capabilities', 'waits', 'grants', 'incomingPayments', 'amounts', 'consent']
    .filter((key) => target[key] !== undefined)
    .map((key) => `${key} ${JSON.stringify(target[key])}`)
  return [
    `Target file: ${target.name ?? '(unnamed)'}; ${declared.length > 0 ? `declares ${declared.join(', ')}` : "declares no capability or wait: the suite's defaults"}`,
  ]
}

function baselineLine(document: VerdictDocument): string {
  const b = document.baseline
  if (!b) return 'Baseline: none: no failure or gap was excused'
  return (
    `Baseline: ${b.file} (${b.entries} entries): excused ${b.expected.length} failed or inconclusive rules` +
    `${b.expected.length > 0 ? ` (${b.expected.map((e) => e.rule).join(', ')})` : ''} and ${b.untested.length} not tested; ` +
    `${b.unexpected.length} unexpected, ${b.stale.length} stale`
  )
}

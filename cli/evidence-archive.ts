import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { VerdictDocument } from '../reports/src/verdict-document.ts'
import { RECORDS_FILE, type VerdictRecords } from '../reports/src/verdict-records.ts'
import type { ReportPaths } from '../settings/run-settings.ts'
import { BADGE_FILE, renderBadge } from './archive-badge.ts'
import { renderSummary, SUMMARY_FILE } from './archive-summary.ts'
import { digests, fileDigests, ruleEvidenceDigests } from './digests.ts'
import { RUN_MANNER_FILE, type RunManner } from './run-manner.ts'

const REMOVED = '(removed from the archive)'

/** Where an archive keeps what `verify` reads. */
export const DIGESTS_FILE = 'digests.json'
export const VERDICT_FILE = 'verdict/verdict.json'
export const ARCHIVED_RECORDS = `verdict/${RECORDS_FILE}`
export const BASELINE_FILE = 'baseline.json'
export const TARGET_FILE = 'target.json'

/** digests.json: the suite's and the spec's identity, and the digest of every other file and of each rule's evidence. */
export type ArchiveDigests = ReturnType<typeof digests> & {
  files: Record<string, string>
  /** Absent only in an archive without records (a run whose reporter wrote none). */
  ruleEvidence?: Record<string, string>
}

/** A JSON file of the archive, or undefined when it is not there. */
function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined
}

/** The target file as published: every private key replaced, so the archive can be shared. */
export function withoutPrivateKeys(target: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(target)
  for (const role of ['client', 'secondClient']) {
    const client = copy[role] as Record<string, unknown> | undefined
    if (client && 'privateKey' in client) client.privateKey = REMOVED
  }
  return copy
}

/** What an archive holds besides the digests: folders (copied under their name), the target, the baseline. */
export interface EvidenceContents {
  folders: { name: string; path: string; filter?: (path: string) => boolean }[]
  /** The target file's content: archived as target.json, every private key replaced. */
  target?: Record<string, unknown>
  baselineFile?: string
  /** Parts of the repository beyond the suite's own that decide the verdict, digested with it. */
  suiteParts?: readonly string[]
  /** How the run was made: archived as run.json, and said by the summary. */
  manner: RunManner
}

/**
 * One .tar.gz with what a published verdict rests on: the report folders (the verdict's with the records it was
 * computed from), the target file without private keys, the baseline used, how the run was made, a one-page
 * summary and a badge, and digests.json: SHA-256 of the suite and the spec documents, of every other file of the
 * archive, and of each rule's evidence. Both modes write theirs with it; `op-conformance verify` checks it.
 */
export function packEvidence(archive: string, contents: EvidenceContents): string {
  const staging = mkdtempSync(join(tmpdir(), 'op-conformance-archive-'))
  try {
    for (const folder of contents.folders)
      if (existsSync(folder.path))
        cpSync(folder.path, join(staging, folder.name), { recursive: true, filter: folder.filter })
    if (contents.target)
      writeFileSync(
        join(staging, TARGET_FILE),
        `${JSON.stringify(withoutPrivateKeys(contents.target), null, 2)}\n`,
      )
    if (contents.baselineFile) cpSync(contents.baselineFile, join(staging, BASELINE_FILE))
    writeFileSync(join(staging, RUN_MANNER_FILE), `${JSON.stringify(contents.manner, null, 2)}\n`)
    const identity = digests(contents.suiteParts)
    const verdict = readJson<VerdictDocument>(join(staging, VERDICT_FILE))
    if (verdict) {
      writeFileSync(join(staging, SUMMARY_FILE), renderSummary(verdict, contents.manner, identity.suite))
      writeFileSync(join(staging, BADGE_FILE), renderBadge(verdict))
    }
    const records = readJson<VerdictRecords>(join(staging, ARCHIVED_RECORDS))?.records
    const list: ArchiveDigests = {
      ...identity,
      files: fileDigests(staging),
      ...(records ? { ruleEvidence: ruleEvidenceDigests(records, verdict?.evidence ?? {}) } : {}),
    }
    writeFileSync(join(staging, DIGESTS_FILE), `${JSON.stringify(list, null, 2)}\n`)
    const tar = spawnSync('tar', ['-czf', archive, '-C', staging, '.'], { stdio: 'inherit' })
    if (tar.status !== 0) throw new Error(`tar failed with status ${tar.status}`)
    return archive
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

/**
 * The server mode's archive: the verdict files, Playwright's HTML report (without its traces), the target file,
 * the baseline. Token values appear in none of them, only their fingerprints (conformance/harness/http/redact-tokens.ts).
 */
export function writeEvidenceArchive(
  paths: ReportPaths,
  targetFile: string,
  manner: RunManner,
  baselineFile?: string,
): string {
  return packEvidence(paths.archive, {
    folders: [
      { name: 'verdict', path: paths.verdict },
      // Playwright's traces (zip files) are redacted after each test (trace-redaction-reporter.ts) but hold the
      // whole exchange, signatures and bodies: they stay in the local report, for the one who ran it.
      { name: 'html', path: paths.html, filter: (path) => !path.endsWith('.zip') },
    ],
    target: JSON.parse(readFileSync(targetFile, 'utf8')) as Record<string, unknown>,
    baselineFile,
    manner,
  })
}

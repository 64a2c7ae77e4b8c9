import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ReportPaths } from '../settings/run-settings.ts'
import { digests } from './digests.ts'

const REMOVED = '(removed from the archive)'

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
}

/**
 * One .tar.gz with what a published verdict rests on: the report folders, the target file without private keys,
 * the baseline used, and SHA-256 digests of the suite and the spec documents. Both modes write theirs with it.
 */
export function packEvidence(archive: string, contents: EvidenceContents): string {
  const staging = mkdtempSync(join(tmpdir(), 'op-conformance-archive-'))
  try {
    for (const folder of contents.folders)
      if (existsSync(folder.path))
        cpSync(folder.path, join(staging, folder.name), { recursive: true, filter: folder.filter })
    if (contents.target)
      writeFileSync(
        join(staging, 'target.json'),
        `${JSON.stringify(withoutPrivateKeys(contents.target), null, 2)}\n`,
      )
    if (contents.baselineFile) cpSync(contents.baselineFile, join(staging, 'baseline.json'))
    writeFileSync(join(staging, 'digests.json'), `${JSON.stringify(digests(contents.suiteParts), null, 2)}\n`)
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
export function writeEvidenceArchive(paths: ReportPaths, targetFile: string, baselineFile?: string): string {
  return packEvidence(paths.archive, {
    folders: [
      { name: 'verdict', path: paths.verdict },
      // Playwright's traces (zip files) are redacted after each test (trace-redaction-reporter.ts) but hold the
      // whole exchange, signatures and bodies: they stay in the local report, for the one who ran it.
      { name: 'html', path: paths.html, filter: (path) => !path.endsWith('.zip') },
    ],
    target: JSON.parse(readFileSync(targetFile, 'utf8')) as Record<string, unknown>,
    baselineFile,
  })
}

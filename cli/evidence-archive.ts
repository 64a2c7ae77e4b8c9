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

/**
 * One .tar.gz with what a published verdict rests on: the verdict files, Playwright's HTML report (without its
 * traces), the target file without private keys, the baseline used, and SHA-256 digests of the suite and the spec
 * documents. Token values appear in none of them, only their fingerprints (conformance/harness/http/redact-tokens.ts).
 */
export function writeEvidenceArchive(paths: ReportPaths, targetFile: string, baselineFile?: string): string {
  const staging = mkdtempSync(join(tmpdir(), 'op-conformance-archive-'))
  try {
    cpSync(paths.verdict, join(staging, 'verdict'), { recursive: true })
    // Playwright's traces (zip files) record requests as sent, tokens included, and cannot be redacted: they stay
    // in the local report only.
    if (existsSync(paths.html))
      cpSync(paths.html, join(staging, 'html'), { recursive: true, filter: (path) => !path.endsWith('.zip') })
    const target = JSON.parse(readFileSync(targetFile, 'utf8')) as Record<string, unknown>
    writeFileSync(join(staging, 'target.json'), `${JSON.stringify(withoutPrivateKeys(target), null, 2)}\n`)
    if (baselineFile) cpSync(baselineFile, join(staging, 'baseline.json'))
    writeFileSync(join(staging, 'digests.json'), `${JSON.stringify(digests(), null, 2)}\n`)
    const tar = spawnSync('tar', ['-czf', paths.archive, '-C', staging, '.'], { stdio: 'inherit' })
    if (tar.status !== 0) throw new Error(`tar failed with status ${tar.status}`)
    return paths.archive
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

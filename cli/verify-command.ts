import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sha256 } from './digests.ts'
import { UsageError } from './run-options.ts'
import { checkArchive, UnreadableArchive } from './verify-archive.ts'

export const VERIFY_HELP = `Usage: npx --no-install op-conformance verify ARCHIVE

Checks a published evidence archive (conformance-evidence.tar.gz, written by run, merge and client): prints its
summary, then what its verdict stands on (the suite version and build it came from and whether that is the one
running verify, the spec documents, how the run was made: full or filtered, --quick, --no-stop, shards merged;
what the target file declared; the baseline and what it excused), then checks
  - every file against the archive's digest list (digests.json): a changed, missing or added file is named;
  - the verdict, computed again from the test records it holds (verdict/records.json) with this suite's own code,
    against verdict.json and its headline: a rule whose status no longer follows from its evidence is named;
  - each rule's evidence against the digest it was judged on; summary.md, badge.svg, verdict.md, verdict.html and
    junit.xml against the verdict, rendered again.
Run from another version or build of the suite, it says which and checks what does not depend on it (the files,
the counts); a verdict its own code computes otherwise from the records, or a page it renders otherwise, is a
mismatch said to be possibly the suite's change: verify with the archive's version to tell.
  --help   this text
Exit status: 0 genuine (whatever its verdict: printed), 1 a mismatch (each named), 2 not readable as an archive.
What a genuine archive proves, and what it does not: docs/certification.md.
`

/** `op-conformance verify ARCHIVE`: exit 0 genuine, 1 a mismatch, 2 unreadable. */
export function verifyCommand(argv: readonly string[]): number {
  if (argv.length !== 1 || argv[0]!.startsWith('-'))
    throw new UsageError(
      'verify: give one archive: npx --no-install op-conformance verify conformance-evidence.tar.gz',
    )
  const archive = argv[0]!
  if (!existsSync(archive) || !statSync(archive).isFile()) return unreadable(archive, 'no such file')
  const folder = mkdtempSync(join(tmpdir(), 'op-conformance-verify-'))
  try {
    // --no-same-owner and no absolute or `..` member names (GNU tar's default): the archive stays in its folder.
    const tar = spawnSync(
      'tar',
      ['-xzf', archive, '-C', folder, '--no-same-owner', '--no-same-permissions'],
      {
        encoding: 'utf8',
      },
    )
    if (tar.status !== 0)
      return unreadable(archive, `not a .tar.gz (tar: ${tar.stderr.trim().split('\n')[0]})`)
    const check = checkArchive(folder)
    if (check.summary) process.stdout.write(`${check.summary}\n`)
    const lines = [
      `Verifying ${archive} (SHA-256 ${sha256(readFileSync(archive))})`,
      ...check.facts.map((fact) => `  ${fact}`),
      '',
    ]
    if (check.mismatches.length === 0) {
      const by = check.sameBuild ? '' : " (as this build, another than the archive's, computes it)"
      lines.push(
        `GENUINE: the files match their digests and the verdict follows from its evidence${by}: ${check.headline}`,
      )
      console.log(lines.join('\n'))
      return 0
    }
    lines.push(
      `NOT GENUINE: ${check.mismatches.length} mismatch${check.mismatches.length === 1 ? '' : 'es'}; the verdict it shows (${check.headline ?? 'none'}) cannot be relied on:`,
      ...check.mismatches.map((line) => `  - ${line}`),
    )
    console.log(lines.join('\n'))
    return 1
  } catch (error) {
    if (error instanceof UnreadableArchive) return unreadable(archive, error.message)
    throw error
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

function unreadable(archive: string, why: string): number {
  console.error(`op-conformance verify: ${archive} cannot be verified: ${why}`)
  return 2
}

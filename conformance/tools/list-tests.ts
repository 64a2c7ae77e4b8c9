import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { TARGET_ENV } from '../../settings/run-settings.ts'
import { PLAYWRIGHT_CLI, suiteModule } from '../../settings/suite-modules.ts'
import { filesUnder } from '../harness/run/files-under.ts'
import type { ListedSuite } from './rule-coverage.ts'

const ROOT = new URL('../..', import.meta.url).pathname
/** What Playwright loads to list the suite: the configuration and every folder it imports from, and the lockfile. */
const LISTING_INPUTS = [
  suiteModule('playwright.config.ts'),
  'package-lock.json',
  'conformance',
  'settings',
  'openapi',
  'clients',
  'reports/src',
  'reference-run',
]
const SOURCE = /\.(ts|mts|mjs|cjs|js|json|ya?ml)$/
/** Where listings are kept; a parameter so tests can use a folder of their own. */
export const DEFAULT_LISTING_CACHE = join(tmpdir(), 'op-conformance-listing')

/**
 * Playwright's own listing of the suite's tests (what would run), or the process ends saying why not.
 *
 * Kept under a digest of everything the listing is made from (the sources Playwright loads, the lockfile, the
 * target named in the environment): listing loads every spec, about 8 CPU-s, and `op-conformance rules` and the
 * rule-coverage check list the same unchanged suite again and again. A changed byte anywhere lists afresh; a cache
 * that cannot be read or written costs only the speed-up.
 */
export function listTests(cacheDir: string = DEFAULT_LISTING_CACHE): { suites: ListedSuite[] } {
  const kept = join(cacheDir, `${listingDigest()}.json`)
  try {
    return JSON.parse(readFileSync(kept, 'utf8')) as { suites: ListedSuite[] }
  } catch {
    const text = listWithPlaywright()
    keep(kept, text, cacheDir)
    return JSON.parse(text) as { suites: ListedSuite[] }
  }
}

function listWithPlaywright(): string {
  const listing = spawnSync(process.execPath, [PLAYWRIGHT_CLI, 'test', '--list', '--reporter=json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    cwd: ROOT,
  })
  if (listing.status !== 0) {
    console.error(listing.stderr || listing.stdout)
    console.error('could not list the tests')
    process.exit(1)
  }
  return listing.stdout
}

/** The SHA-256 of every input's path and bytes, in a fixed order, and of the target the environment names. */
export function listingDigest(root: string = ROOT): string {
  const hash = createHash('sha256')
  const files = LISTING_INPUTS.flatMap((input) => filesUnder(join(root, input)))
    .filter((file) => SOURCE.test(file))
    .map((file) => relative(root, file))
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0')
  const target = process.env[TARGET_ENV]
  if (target) hash.update(`target\0${target}\0`).update(readIfThere(target))
  return hash.digest('hex')
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

function keep(kept: string, text: string, cacheDir: string): void {
  // Written aside and renamed, so a process reading it at the same time sees all of it or nothing.
  const partial = `${kept}.${process.pid}.partial`
  try {
    mkdirSync(cacheDir, { recursive: true })
    writeFileSync(partial, text)
    renameSync(partial, kept)
  } catch {
    // Only a speed-up: the listing is returned either way.
  }
}

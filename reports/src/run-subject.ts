import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { filesUnder } from '../../conformance/harness/run/files-under.ts'
import { openApiPath } from '../../openapi/official-documents.ts'
import { BUILT } from '../../settings/suite-modules.ts'
import type { OperationLatency } from './latency.ts'

const require = createRequire(import.meta.url)
const SPEC_PACKAGE = '@interledger/open-payments'

/** What was tested, by which suite, against which spec, when: a published verdict must say what it is about. */
export interface VerdictSubject {
  target: string
  walletAddresses: Record<string, string>
  /** The suite's name, version, commit, and a digest of its files (suiteIdentity). */
  suite: { name: string; version: string; commit: string; files: number; sha256: string }
  spec: { openApi: string; package: string; packageVersion: string }
  /** The consent drivers the tests used (with the reason when one fell back to another). */
  consentDrivers: string[]
  finishedAt: string
  latency: OperationLatency[]
}

/**
 * What a verdict grades. A server run's document names its target; `op-conformance client` adds this subject,
 * and every rendering then says that a client was graded and that the server was the suite's own.
 */
export interface ClientSubject {
  kind: 'client'
  /** The adapter command the suite ran once per scenario. */
  adapter: string
  /** The client's own name, as its adapter reported it. */
  client?: string
}

/** The suite's code: the checkout, or the installed package's build (dist/, .ci/build-package.ts). */
const SUITE_CODE = fileURLToPath(new URL('../..', import.meta.url))
/**
 * What decides a verdict and its pages in a checkout: the suite's code and rules, the client, the reporters and the
 * rules' proof, the pinned dependencies.
 */
const CHECKOUT_PARTS = [
  'conformance',
  'clients/src',
  'reports/src',
  'reports/schemas',
  // Each rule's proof that it can fail, which the verdict page shows.
  'reports/rule-proof.jsonl',
  'cli',
  'playwright.config.ts',
  'package.json',
  'package-lock.json',
]

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

/**
 * Which suite gave the verdict: its name and version, the commit it was built from, and one SHA-256 over its files
 * (each file's digest and path, sorted by path). Installed, that is every file of the package (its folder holds
 * the build in dist/, the README and docs): the digest can be checked against the published tarball. In a checkout,
 * the parts that decide a verdict, and `extraParts` (client mode's: the reference server that plays the ASE).
 */
export function suiteIdentity(extraParts: readonly string[] = []): VerdictSubject['suite'] {
  const manifest = JSON.parse(readFileSync(join(SUITE_CODE, 'package.json'), 'utf8')) as {
    name: string
    version: string
    gitHead?: string
  }
  const root = BUILT ? join(SUITE_CODE, '..') : SUITE_CODE
  const parts = BUILT ? ['.'] : [...CHECKOUT_PARTS, ...extraParts]
  const files = parts.flatMap((part) => filesUnder(join(root, part))).sort()
  const listing = files.map((file) => `${sha256(readFileSync(file))}  ${relative(root, file)}\n`).join('')
  return {
    name: manifest.name,
    version: manifest.version,
    // The build stamps the commit into the package's copy of the manifest: the folder an installed suite sits in is
    // the user's repository, whose commit is not the suite's.
    commit: BUILT ? (manifest.gitHead ?? 'unknown') : checkoutCommit(),
    files: files.length,
    sha256: sha256(listing),
  }
}

/** The commit the checkout is at, `+dirty` when files differ from it; `unknown` outside a git checkout. */
export function checkoutCommit(): string {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: SUITE_CODE, encoding: 'utf8' })
  if (head.status !== 0) return 'unknown'
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: SUITE_CODE,
    encoding: 'utf8',
  })
  return `${head.stdout.trim()}${dirty.stdout.trim() ? '+dirty' : ''}`
}

/** The OpenAPI version of the documents the suite validates against, and the package they ship in. */
export function specIdentity(): VerdictSubject['spec'] {
  const manifest = JSON.parse(readFileSync(require.resolve(`${SPEC_PACKAGE}/package.json`), 'utf8')) as {
    version: string
  }
  const document = parse(readFileSync(openApiPath('resource-server'), 'utf8')) as {
    info: { version: string }
  }
  return { openApi: document.info.version, package: SPEC_PACKAGE, packageVersion: manifest.version }
}

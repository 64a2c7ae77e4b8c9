import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { parse } from 'yaml'
import { openApiPath } from '../../openapi/official-documents.ts'
import type { OperationLatency } from './latency.ts'

const require = createRequire(import.meta.url)
const SPEC_PACKAGE = '@interledger/open-payments'

/** What was tested, by which suite, against which spec, when: a published verdict must say what it is about. */
export interface VerdictSubject {
  target: string
  walletAddresses: Record<string, string>
  suite: { name: string; version: string; commit: string }
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

export function suiteIdentity(): VerdictSubject['suite'] {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string
    version: string
  }
  return { name: manifest.name, version: manifest.version, commit: suiteCommit() }
}

/** The commit the suite ran from, `+dirty` when files differ from it; `unknown` outside a git checkout. */
export function suiteCommit(): string {
  const cwd = new URL('../..', import.meta.url).pathname
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8' })
  if (head.status !== 0) return 'unknown'
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8' })
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

import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { rulesNamedIn } from '../conformance/harness/rules/rules-named-in.ts'
import { filesUnder } from '../conformance/harness/run/files-under.ts'
import { type ApiName, openApiPath } from '../openapi/official-documents.ts'
import { specIdentity, suiteIdentity } from '../reports/src/run-subject.ts'
import type { TestRecord } from '../reports/src/test-record.ts'
import type { Evidence } from '../reports/src/verdict-document.ts'

const ROOT = new URL('..', import.meta.url).pathname
/** What decides a verdict: the suite's code and rules, the client, the reporters, and the pinned dependencies. */
const SUITE_PARTS = [
  'conformance',
  'clients/src',
  'reports/src',
  'reports/schemas',
  'cli',
  'playwright.config.ts',
  'package.json',
  'package-lock.json',
]
/** What decides a client verdict beyond the suite: the client mode, and the reference server that plays the ASE. */
export const CLIENT_MODE_PARTS = [
  'client-conformance',
  'reference-server/src',
  'reference-run/simulated-ase-plan.ts',
]
const SPEC_DOCUMENTS: ApiName[] = ['resource-server', 'auth-server', 'wallet-address-server']

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

/**
 * SHA-256 of the suite (one digest over every file of it, sorted by path; `extraParts` are more of the repository
 * that decide the verdict) and of each OpenAPI document.
 */
export function digests(extraParts: readonly string[] = []) {
  const files = [...SUITE_PARTS, ...extraParts].flatMap((part) => filesUnder(join(ROOT, part))).sort()
  const listing = files.map((file) => `${sha256(readFileSync(file))}  ${relative(ROOT, file)}\n`).join('')
  return {
    suite: { ...suiteIdentity(), files: files.length, sha256: sha256(listing) },
    spec: {
      ...specIdentity(),
      documents: Object.fromEntries(
        SPEC_DOCUMENTS.map((api) => [`${api}.yaml`, sha256(readFileSync(openApiPath(api)))]),
      ),
    },
  }
}

/** The digest list of an archive: SHA-256 of every file under `folder`, by its path there. */
export function fileDigests(folder: string): Record<string, string> {
  const files = filesUnder(folder).map((file) => relative(folder, file))
  return Object.fromEntries(files.sort().map((file) => [file, sha256(readFileSync(join(folder, file)))]))
}

/**
 * One SHA-256 per rule over what the rule was judged on: for each test that declares, observes or names it, the
 * test's outcome and why it stopped, its observations of the rule, the messages that name it, and the exchanges of
 * a test whose failure names it. A changed byte of that evidence is then told as the rule whose evidence it is.
 */
export function ruleEvidenceDigests(
  records: readonly TestRecord[],
  exchanges: Readonly<Record<string, Evidence[]>>,
): Record<string, string> {
  const parts = new Map<string, unknown[]>()
  for (const record of records) {
    const messages = [...record.errors, ...(record.findings ?? []), ...record.warnings]
    const observations = record.observations ?? []
    const ids = new Set([
      ...record.rules,
      ...observations.map((o) => o.rule),
      ...messages.flatMap(rulesNamedIn),
    ])
    for (const id of ids) {
      const naming = messages.filter((message) => rulesNamedIn(message).includes(id))
      const blamed = [...record.errors, ...(record.findings ?? [])].some((m) => rulesNamedIn(m).includes(id))
      parts.set(id, [
        ...(parts.get(id) ?? []),
        {
          test: record.title,
          outcome: record.outcome,
          declared: record.rules.includes(id),
          stopped: [record.cut, record.skipReason, record.notApplicable, record.unchecked?.includes(id)],
          observations: observations.filter((o) => o.rule === id),
          naming,
          exchanges: blamed ? (exchanges[record.title] ?? []) : [],
        },
      ])
    }
  }
  return Object.fromEntries(
    [...parts].sort(([a], [b]) => a.localeCompare(b)).map(([id, p]) => [id, sha256(JSON.stringify(p))]),
  )
}

import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { CLIENT_MODE_PARTS } from '../client-conformance/client-report.ts'
import { rulesNamedIn } from '../conformance/harness/rules/rules-named-in.ts'
import { filesUnder } from '../conformance/harness/run/files-under.ts'
import { type ApiName, openApiPath } from '../openapi/official-documents.ts'
import { sha256, specIdentity, suiteIdentity } from '../reports/src/run-subject.ts'
import type { TestRecord } from '../reports/src/test-record.ts'
import type { Evidence } from '../reports/src/verdict-document.ts'

export { CLIENT_MODE_PARTS, sha256 }

const SPEC_DOCUMENTS: ApiName[] = ['resource-server', 'auth-server', 'wallet-address-server']

/**
 * The suite's identity with the SHA-256 of its files (`extraParts` are more of a checkout that decide the verdict),
 * and the SHA-256 of each OpenAPI document.
 */
export function digests(extraParts: readonly string[] = []) {
  return {
    suite: suiteIdentity(extraParts),
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

import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { filesUnder } from '../conformance/harness/run/files-under.ts'
import { type ApiName, openApiPath } from '../openapi/official-documents.ts'
import { specIdentity, suiteIdentity } from '../reports/src/run-subject.ts'

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

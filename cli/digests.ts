import { readFileSync } from 'node:fs'
import { type ApiName, openApiPath } from '../openapi/official-documents.ts'
import { sha256, specIdentity, suiteIdentity } from '../reports/src/run-subject.ts'

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

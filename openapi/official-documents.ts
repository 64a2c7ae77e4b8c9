import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import $RefParser from '@apidevtools/json-schema-ref-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parseYamlFile } from './parsed-yaml-cache.ts'

/**
 * The official Open Payments OpenAPI documents, read the same way by the reference server and the suite: a leaf
 * that imports nothing of the project. What a schema means on each side stays with that side (the server checks
 * requests, the suite answers); in particular each side gives its own meaning of the `uint64` format (see
 * docs/spec-decisions.md, "Amounts").
 */
export type ApiName = 'resource-server' | 'auth-server' | 'wallet-address-server'

const require = createRequire(import.meta.url)

/** The documents ship with the SDK; loading them from the dependency keeps one source of truth. */
export function openApiPath(api: ApiName): string {
  const pkg = dirname(require.resolve('@interledger/open-payments/package.json'))
  return join(pkg, 'dist', 'openapi', 'specs', `${api}.yaml`)
}

/**
 * The document, dereferenced up front: ajv rejects every property of a `$ref` that has a sibling
 * additionalProperties:false. Each side reads it through its own view of the document's shape.
 */
export async function loadOpenApi(api: ApiName): Promise<unknown> {
  return $RefParser.dereference((await parseYamlFile(openApiPath(api))) as object)
}

/** One validator for the documents' schemas: their formats, with `uint64` as the caller reads it. */
export function createOpenApiAjv(isUint64: (value: string) => boolean): Ajv2020 {
  // strict:false because the official documents contain a misspelled keyword ajv would otherwise refuse.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addFormat('uint64', { type: 'string', validate: isUint64 })
  return ajv
}

import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import $RefParser from '@apidevtools/json-schema-ref-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'
import { parseUint64 } from '../shared/uint64.ts'

export type ApiName = 'resource-server' | 'auth-server'

export interface OpenApiParameter {
  name: string
  in: string
  required?: boolean
  schema?: Record<string, unknown>
}

export interface OpenApiOperation {
  operationId?: string
  parameters?: OpenApiParameter[]
  requestBody?: { content?: Record<string, { schema?: object }> }
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
}

const require = createRequire(import.meta.url)

/**
 * The official document, as shipped with @interledger/open-payments (so the server and the suite read the
 * same schemas), dereferenced: ajv rejects every property of a `$ref` that has a sibling
 * additionalProperties:false.
 */
export async function loadOpenApiDocument(api: ApiName): Promise<OpenApiDocument> {
  const specs = path.join(
    path.dirname(require.resolve('@interledger/open-payments/package.json')),
    'dist/openapi/specs',
  )
  const document = parse(await readFile(path.join(specs, `${api}.yaml`), 'utf8'))
  return (await $RefParser.dereference(document)) as OpenApiDocument
}

/** One validator instance for every schema, with the formats the documents use. */
export function createAjv(): Ajv2020 {
  // strict:false because the official documents contain a misspelled keyword ajv would otherwise refuse.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addFormat('uint64', { type: 'string', validate: (value: string) => parseUint64(value) !== undefined })
  return ajv
}

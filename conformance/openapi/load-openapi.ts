import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import $RefParser from '@apidevtools/json-schema-ref-parser'
import { parse } from 'yaml'

export type ApiName = 'resource-server' | 'auth-server' | 'wallet-address-server'

export interface OpenApiOperation {
  operationId?: string
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>
}

export interface OpenApiDocument {
  info: { version: string }
  paths: Record<string, Record<string, OpenApiOperation | unknown>>
  components?: { schemas?: Record<string, object> }
}

const require = createRequire(import.meta.url)

/** The official documents ship with the SDK; loading them from the dependency keeps one source of truth. */
export function openApiPath(api: ApiName): string {
  const pkg = dirname(require.resolve('@interledger/open-payments/package.json'))
  return join(pkg, 'dist', 'openapi', 'specs', `${api}.yaml`)
}

export async function loadOpenApi(api: ApiName): Promise<OpenApiDocument> {
  const raw = parse(await readFile(openApiPath(api), 'utf8'))
  // Dereferenced up front: ajv rejects every property of a `$ref` that has a sibling additionalProperties:false.
  return (await $RefParser.dereference(raw)) as OpenApiDocument
}

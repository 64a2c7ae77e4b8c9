import type { Ajv2020 } from 'ajv/dist/2020.js'
import { createOpenApiAjv, loadOpenApi } from '../../../openapi/official-documents.ts'
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

/** The official document (openapi/, the leaf the server and the suite share), as the server reads it. */
export async function loadOpenApiDocument(api: ApiName): Promise<OpenApiDocument> {
  return (await loadOpenApi(api)) as OpenApiDocument
}

/**
 * One validator instance for every schema. A request's amount is read leniently: any decimal string within
 * 0..2^64-1, leading zeros included (docs/spec-decisions.md, "Amounts").
 */
export function createAjv(): Ajv2020 {
  return createOpenApiAjv((value) => parseUint64(value) !== undefined)
}

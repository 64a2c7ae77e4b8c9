import { type ApiName, loadOpenApi as loadOfficial } from '../../../openapi/official-documents.ts'

export type { ApiName }

/** What the suite reads of a document: its version, operations by path, and the named schemas. */
export interface OpenApiOperation {
  operationId?: string
  requestBody?: { content?: Record<string, { schema?: object }> }
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>
}

export interface OpenApiDocument {
  info: { version: string }
  paths: Record<string, Record<string, OpenApiOperation | unknown>>
  components?: { schemas?: Record<string, object> }
}

export async function loadOpenApi(api: ApiName): Promise<OpenApiDocument> {
  return (await loadOfficial(api)) as OpenApiDocument
}

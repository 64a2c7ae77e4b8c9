import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import $RefParser from '@apidevtools/json-schema-ref-parser'
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'
import { parseUint64 } from '../shared/uint64.ts'

export interface SchemaViolation {
  pointer: string
  message: string
}

export type SchemaResult = { ok: true } | { ok: false; description: string; violations: SchemaViolation[] }

/** Checks a grant request body against the official auth-server OpenAPI document (`POST /`). */
export type GrantRequestSchema = (body: unknown) => SchemaResult

const require = createRequire(import.meta.url)
const MAX_REPORTED_VIOLATIONS = 10

/** The document ships with @interledger/open-payments, so the server and the suite read the same schema. */
export async function loadGrantRequestSchema(): Promise<GrantRequestSchema> {
  const specs = path.join(
    path.dirname(require.resolve('@interledger/open-payments/package.json')),
    'dist/openapi/specs',
  )
  const document = parse(await readFile(path.join(specs, 'auth-server.yaml'), 'utf8'))
  // Dereferenced first: ajv rejects every property of a `$ref` that has a sibling additionalProperties:false.
  const dereferenced = (await $RefParser.dereference(document)) as {
    paths: { '/': { post: { requestBody: { content: { 'application/json': { schema: object } } } } } }
  }
  // strict:false because the official documents contain a misspelled keyword ajv would otherwise refuse.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addFormat('uint64', { type: 'string', validate: (value: string) => parseUint64(value) !== undefined })
  const validate = ajv.compile(dereferenced.paths['/'].post.requestBody.content['application/json'].schema)

  return (body) => {
    if (validate(body)) return { ok: true }
    const errors = validate.errors ?? []
    const violations = errors.map(toViolation)
    return {
      ok: false,
      description: `The grant request does not match the Open Payments grant request schema: ${describe(errors)}.`,
      violations: violations.slice(0, MAX_REPORTED_VIOLATIONS),
    }
  }
}

// With anyOf/oneOf every branch reports its own errors; the one deepest in the body is nearly always the
// mistake (a wrong action inside an entry, rather than "does not match any branch" at the top).
function describe(errors: ErrorObject[]): string {
  const specific = errors.filter((error) => !['anyOf', 'oneOf', 'if'].includes(error.keyword))
  const candidates = specific.length > 0 ? specific : errors
  const deepest = candidates.reduce<ErrorObject | undefined>(
    (best, error) => (best === undefined || depth(error) > depth(best) ? error : best),
    undefined,
  )
  if (deepest === undefined) return 'the body is invalid'
  const violation = toViolation(deepest)
  return `${violation.pointer === '/' ? 'the body' : violation.pointer} ${violation.message}`
}

function depth(error: ErrorObject): number {
  return error.instancePath.split('/').length
}

function toViolation(error: ErrorObject): SchemaViolation {
  const params = error.params as Record<string, unknown>
  const detail =
    'allowedValues' in params
      ? ` (${(params.allowedValues as unknown[]).join(', ')})`
      : 'unevaluatedProperty' in params
        ? ` ("${String(params.unevaluatedProperty)}")`
        : 'additionalProperty' in params
          ? ` ("${String(params.additionalProperty)}")`
          : ''
  return { pointer: error.instancePath || '/', message: `${error.message ?? error.keyword}${detail}` }
}

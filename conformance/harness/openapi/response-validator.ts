import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { createOpenApiAjv } from '../../../openapi/official-documents.ts'
import { type ApiName, loadOpenApi, type OpenApiDocument, type OpenApiOperation } from './load-openapi.ts'
import { isUint64 } from './uint64-format.ts'

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

export interface SchemaViolation {
  /** JSON pointer into the response body. */
  pointer: string
  message: string
}

export type ValidationOutcome =
  | { kind: 'valid' }
  /** Required members missing or of the wrong type: the structure the spec's tables define. */
  | { kind: 'invalid'; violations: SchemaViolation[] }
  /** What the spec requires is there, but members only the OpenAPI schema requires are not (see SPEC_REQUIRED). */
  | { kind: 'openapi-only'; violations: SchemaViolation[] }
  /** The structure is right, but the body has members the schema does not list (additionalProperties: false). */
  | { kind: 'extra-members'; violations: SchemaViolation[] }
  /** The operation documents no JSON body for this status: nothing to validate against. */
  | { kind: 'undocumented' }

export class ResponseValidator {
  /** The documents are loaded once per process; `bodyOf` reads the loaded validator synchronously. */
  static #loading: Promise<ResponseValidator> | undefined
  static #loaded: ResponseValidator | undefined
  readonly #ajv: Ajv2020
  readonly #operations = new Map<string, OpenApiOperation>()
  readonly #components = new Map<string, object>()
  readonly #compiled = new Map<string, Validators | null>()
  readonly #compiledComponents = new Map<string, ValidateFunction>()

  private constructor(documents: Record<ApiName, OpenApiDocument>) {
    // What a server answers must be a uint64 in its canonical form (docs/spec-decisions.md, "Amounts").
    this.#ajv = createOpenApiAjv(isUint64)
    for (const [api, document] of Object.entries(documents)) {
      for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
        this.#components.set(`${api}:${name}`, schema)
      for (const pathItem of Object.values(document.paths)) {
        for (const method of HTTP_METHODS) {
          const operation = pathItem[method] as OpenApiOperation | undefined
          if (operation?.operationId) this.#operations.set(`${api}:${operation.operationId}`, operation)
        }
      }
    }
  }

  static create(): Promise<ResponseValidator> {
    ResponseValidator.#loading ??= ResponseValidator.#load().then((validator) => {
      ResponseValidator.#loaded = validator
      return validator
    })
    return ResponseValidator.#loading
  }

  /** The validator `create` made, once it has: undefined before. */
  static loaded(): ResponseValidator | undefined {
    return ResponseValidator.#loaded
  }

  static async #load(): Promise<ResponseValidator> {
    const [resource, auth, walletAddress] = await Promise.all([
      loadOpenApi('resource-server'),
      loadOpenApi('auth-server'),
      loadOpenApi('wallet-address-server'),
    ])
    return new ResponseValidator({
      'resource-server': resource,
      'auth-server': auth,
      'wallet-address-server': walletAddress,
    })
  }

  hasOperation(api: ApiName, operationId: string): boolean {
    return this.#operations.has(`${api}:${operationId}`)
  }

  validate(api: ApiName, operationId: string, status: number, body: unknown): ValidationOutcome {
    const validators = this.#validatorsFor(api, operationId, status)
    if (!validators) return { kind: 'undocumented' }
    const { strict, open, spec } = validators
    if (strict(body)) return { kind: 'valid' }
    // Judged again without additionalProperties: false, so an extra member inside a oneOf branch is not
    // mistaken for a missing one.
    if (!spec(body)) return { kind: 'invalid', violations: (spec.errors ?? []).map(toViolation) }
    if (!open(body)) return { kind: 'openapi-only', violations: (open.errors ?? []).map(toViolation) }
    return { kind: 'extra-members', violations: (strict.errors ?? []).map(toViolation) }
  }

  /**
   * Where a body differs from the named schema of the document's `components`, judged with open objects: members
   * the schema does not list are the automatic checks' business (OAS-STRICT), not the reader's.
   */
  componentViolations(api: ApiName, name: string, body: unknown): SchemaViolation[] {
    const key = `${api}:${name}`
    let validate = this.#compiledComponents.get(key)
    if (!validate) {
      const schema = this.component(api, name)
      validate = this.#ajv.compile(withoutClosedObjects(specRequired(name, schema)))
      this.#compiledComponents.set(key, validate)
    }
    return validate(body) ? [] : (validate.errors ?? []).map(toViolation)
  }

  /** A named schema of the document's `components`, dereferenced. */
  component(api: ApiName, name: string): object {
    const schema = this.#components.get(`${api}:${name}`)
    if (!schema) throw new Error(`no schema "${name}" in the ${api} OpenAPI document`)
    return schema
  }

  /** The schema of an operation's JSON request body, dereferenced: what a test breaks a correct body against. */
  requestSchema(api: ApiName, operationId: string): object {
    const schema = this.#operation(api, operationId).requestBody?.content?.['application/json']?.schema
    if (!schema)
      throw new Error(`operation "${operationId}" of the ${api} OpenAPI document takes no JSON body`)
    return schema
  }

  #operation(api: ApiName, operationId: string): OpenApiOperation {
    const operation = this.#operations.get(`${api}:${operationId}`)
    if (!operation) throw new Error(`no operation "${operationId}" in the ${api} OpenAPI document`)
    return operation
  }

  #validatorsFor(api: ApiName, operationId: string, status: number): Validators | null {
    const key = `${api}:${operationId}:${status}`
    if (!this.#compiled.has(key)) {
      const { responses } = this.#operation(api, operationId)
      const documented = responses?.[String(status)]?.content?.['application/json']?.schema
      // Only a success answer is a quote: an error's body is the error envelope, required in full.
      const body = QUOTE_OPERATIONS.has(operationId) && status < 300 ? 'quote' : undefined
      this.#compiled.set(key, documented ? this.#compile(documented, body) : null)
    }
    return this.#compiled.get(key) ?? null
  }

  #compile(schema: object, body: string | undefined): Validators {
    const strict = this.#ajv.compile(withoutMethod(body, schema))
    const open = this.#ajv.compile(withoutClosedObjects(withoutMethod(body, schema)))
    const relaxed = specRequired(body, schema)
    return {
      strict,
      open,
      spec: relaxed === schema ? open : this.#ajv.compile(withoutClosedObjects(relaxed)),
    }
  }
}

/** `spec`: the members and types the spec requires; `open`: those the OpenAPI schema requires; `strict`: and no more. */
interface Validators {
  strict: ValidateFunction
  open: ValidateFunction
  spec: ValidateFunction
}

const QUOTE_OPERATIONS = new Set(['create-quote', 'get-quote'])

/**
 * The members the spec requires of a body where it requires fewer than the OpenAPI schema: "Required fields of
 * the quote record: not shown". A quote's `id` is required by the general rules (resources are identified by
 * URLs, field `id`) and its amounts are what a quote is for; the rest (`walletAddress`, `receiver`, `createdAt`)
 * only the OpenAPI document requires, so their absence is OAS-STRICT's (beyond the spec), not GEN-SCHEMA's.
 */
const SPEC_REQUIRED: Record<string, readonly string[]> = { quote: ['id', 'receiveAmount', 'debitAmount'] }

/** The schema of `body` (a component name) with only the members the spec requires, or the schema itself. */
function specRequired(body: string | undefined, schema: object): object {
  const required = body === undefined ? undefined : SPEC_REQUIRED[body]
  return required ? requiring(schema, (name) => required.includes(name)) : schema
}

/**
 * A quote's `method` is the QT-METHOD check's (docs/spec-decisions.md: a quote without one is a warning): the
 * schema checks leave it to that check, so one absence is not reported twice.
 */
function withoutMethod(body: string | undefined, schema: object): object {
  return body === 'quote' ? requiring(schema, (name) => name !== 'method') : schema
}

/** A copy of an object schema whose top-level `required` keeps only the members `keep` chooses. */
function requiring(schema: object, keep: (member: string) => boolean): object {
  const copy = structuredClone(schema) as { required?: string[] }
  if (copy.required) copy.required = copy.required.filter(keep)
  return copy
}

/** A copy of the schema in which every object accepts members it does not list. */
function withoutClosedObjects(schema: object): object {
  const copy = structuredClone(schema)
  const seen = new Set<object>()
  const open = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return
    seen.add(node)
    const record = node as Record<string, unknown>
    if (record.additionalProperties === false) delete record.additionalProperties
    if (record.unevaluatedProperties === false) delete record.unevaluatedProperties
    for (const value of Object.values(record)) open(value)
  }
  open(copy)
  return copy
}

function toViolation(error: ErrorObject): SchemaViolation {
  const detail =
    error.params && Object.keys(error.params).length > 0 ? ` ${JSON.stringify(error.params)}` : ''
  return { pointer: error.instancePath || '/', message: `${error.message ?? error.keyword}${detail}` }
}

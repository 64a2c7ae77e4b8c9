import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
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
  | { kind: 'invalid'; violations: SchemaViolation[] }
  /** The operation documents no JSON body for this status: nothing to validate against. */
  | { kind: 'undocumented' }

export class ResponseValidator {
  readonly #ajv: Ajv2020
  readonly #operations = new Map<string, OpenApiOperation>()
  readonly #compiled = new Map<string, ValidateFunction | null>()

  private constructor(documents: Record<ApiName, OpenApiDocument>) {
    // strict:false because the official documents contain a misspelled keyword ajv would otherwise refuse.
    this.#ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats.default(this.#ajv)
    this.#ajv.addFormat('uint64', { type: 'string', validate: isUint64 })
    for (const [api, document] of Object.entries(documents)) {
      for (const pathItem of Object.values(document.paths)) {
        for (const method of HTTP_METHODS) {
          const operation = pathItem[method] as OpenApiOperation | undefined
          if (operation?.operationId) this.#operations.set(`${api}:${operation.operationId}`, operation)
        }
      }
    }
  }

  static async create(): Promise<ResponseValidator> {
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
    const validate = this.#validatorFor(api, operationId, status)
    if (!validate) return { kind: 'undocumented' }
    if (validate(body)) return { kind: 'valid' }
    return { kind: 'invalid', violations: (validate.errors ?? []).map(toViolation) }
  }

  #validatorFor(api: ApiName, operationId: string, status: number): ValidateFunction | null {
    const key = `${api}:${operationId}:${status}`
    if (!this.#compiled.has(key)) {
      const operation = this.#operations.get(`${api}:${operationId}`)
      if (!operation) throw new Error(`no operation "${operationId}" in the ${api} OpenAPI document`)
      const schema = operation.responses?.[String(status)]?.content?.['application/json']?.schema
      this.#compiled.set(key, schema ? this.#ajv.compile(schema) : null)
    }
    return this.#compiled.get(key) ?? null
  }
}

function toViolation(error: ErrorObject): SchemaViolation {
  const detail =
    error.params && Object.keys(error.params).length > 0 ? ` ${JSON.stringify(error.params)}` : ''
  return { pointer: error.instancePath || '/', message: `${error.message ?? error.keyword}${detail}` }
}

import type { ValidateFunction } from 'ajv'
import type { RequestHandler } from 'express'
import { type ApiName, createAjv, loadOpenApiDocument, type OpenApiParameter } from './documents.ts'
import { schemaHttpError } from './schema-errors.ts'

declare global {
  namespace Express {
    interface Locals {
      /** The query once validated against the operation's parameters, integers as numbers. */
      query?: Record<string, unknown>
    }
  }
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Request validation from the official OpenAPI documents, compiled once per operation. */
export interface RequestValidation {
  /**
   * Middleware that checks the body and the query of the operation at `path` (as the document writes it)
   * and answers a violation with 400 and the envelope. It comes first in the route's chain.
   */
  validate(api: ApiName, method: Method, path: string): RequestHandler
}

export async function loadRequestValidation(): Promise<RequestValidation> {
  const documents = {
    'resource-server': await loadOpenApiDocument('resource-server'),
    'auth-server': await loadOpenApiDocument('auth-server'),
  }
  const ajv = createAjv()
  return {
    validate: (api, method, path) => {
      const operation = documents[api].paths[path]?.[method]
      if (operation === undefined) throw new Error(`${api} has no operation ${method} ${path}`)
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema
      const body = bodySchema === undefined ? undefined : ajv.compile(bodySchema)
      const bodyRequired = (operation.requestBody as { required?: boolean } | undefined)?.required === true
      const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query')
      const query = parameters.length === 0 ? undefined : compileQuery(ajv.compile.bind(ajv), parameters)
      return (req, res, next) => {
        if (body !== undefined && (req.body !== undefined || bodyRequired) && !body(req.body)) {
          throw schemaHttpError('The request body', body.errors ?? [])
        }
        if (query !== undefined) res.locals.query = query(req.query as Record<string, unknown>)
        next()
      }
    },
  }
}

/** The query parameters as one object schema; values arrive as strings, so integers are read first. */
function compileQuery(
  compile: (schema: object) => ValidateFunction,
  parameters: OpenApiParameter[],
): (query: Record<string, unknown>) => Record<string, unknown> {
  const validate = compile({
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema ?? {}])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  })
  const integers = parameters.filter((parameter) => parameter.schema?.type === 'integer').map((p) => p.name)
  return (raw) => {
    const query = { ...raw }
    for (const name of integers) {
      const value = query[name]
      // Only plain decimal integers become numbers; "1.0", "0x10" or "1e2" stay strings and fail the type.
      if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) query[name] = Number(value)
    }
    if (!validate(query)) throw schemaHttpError('The query', validate.errors ?? [])
    return query
  }
}

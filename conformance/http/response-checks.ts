import type { Exchange } from '../../clients/src/index.ts'
import type { OperationRef } from '../openapi/operations.ts'
import type { ResponseValidator } from '../openapi/response-validator.ts'
import { rule } from '../rules/covers.ts'

export class ResponseCheckError extends Error {
  override name = 'ResponseCheckError'
}

/**
 * The checks every response must pass, whatever the test asked (Schemathesis-style): no server error, a JSON
 * body, a body that matches the official schema for the operation and status, and the error envelope on
 * resource-server errors. Returns the first violated rule's message, or undefined.
 */
export function checkResponse(
  validator: ResponseValidator,
  operation: OperationRef,
  exchange: Exchange,
): string | undefined {
  const { response } = exchange
  const label = `${operation.operationId} -> ${response.status}`
  if (response.status >= 500) {
    return rule('GEN-NO-5XX', `${label}: the server answered with a server error`)
  }
  const hasBody = response.body.byteLength > 0
  const contentType = response.headers['content-type'] ?? ''
  if (hasBody && !/^application\/([a-z.+-]+\+)?json\b/i.test(contentType)) {
    return rule(
      'GEN-JSON',
      `${label}: content-type is ${JSON.stringify(contentType)}, expected application/json`,
    )
  }
  if (hasBody && response.json === undefined) {
    return rule(
      'GEN-JSON',
      `${label}: the body is not valid JSON: ${JSON.stringify(response.text.slice(0, 200))}`,
    )
  }
  const outcome = validator.validate(operation.api, operation.operationId, response.status, response.json)
  if (outcome.kind === 'invalid') {
    const lines = outcome.violations.map((v) => `  ${v.pointer}: ${v.message}`)
    return rule(
      'GEN-SCHEMA',
      `${label}: the body does not match the OpenAPI 1.3.0 schema (${operation.api}):\n${lines.join('\n')}`,
    )
  }
  if (operation.api === 'resource-server' && response.status >= 400) {
    return envelopeProblem(label, response.json)
  }
  return undefined
}

function envelopeProblem(label: string, body: unknown): string | undefined {
  const error = (body as { error?: { code?: unknown; description?: unknown } } | undefined)?.error
  if (typeof error?.code === 'string' && typeof error.description === 'string') return undefined
  return rule(
    'ERR-ENVELOPE',
    `${label}: expected {"error": {"code": string, "description": string}}, got ${JSON.stringify(body)}`,
  )
}

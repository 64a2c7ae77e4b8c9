import type { Exchange } from '../../../clients/src/index.ts'
import type { OperationRef } from '../openapi/operations.ts'
import type { ResponseValidator, SchemaViolation } from '../openapi/response-validator.ts'
import { rule } from '../rules/covers.ts'
import { memberRules } from '../rules/member-rules.ts'
import { operationRule } from '../rules/operation-rules.ts'
import type { RuleId } from '../rules/registry.ts'

export class ResponseCheckError extends Error {
  override name = 'ResponseCheckError'

  /** The answer the automatic checks refused, where there was one: a test may still judge it by its own rule. */
  constructor(
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message)
  }
}

/** Whether a request deliberately carries invalid input: answers to it are judged for robustness. */
export type RequestInput = 'valid' | 'invalid'

/**
 * The checks every response must pass, whatever the test asked (Schemathesis-style): no server error, a JSON
 * body, a body that matches the official schema for the operation and status, and the error envelope on
 * resource-server errors. Returns the first violated rule's message, or undefined. A server error or a body
 * that is not JSON in answer to invalid input is a robustness finding; in answer to a valid request it fails the
 * operation's own rule. The automatic rules the response was checked against and met are pushed onto `held`: the
 * passing observations of those rules.
 */
export function checkResponse(
  validator: ResponseValidator,
  operation: OperationRef,
  exchange: Exchange,
  input: RequestInput = 'valid',
  held: RuleId[] = [],
): string | undefined {
  const { response } = exchange
  const label = `${operation.operationId} -> ${response.status}`
  // A body that is not JSON is a robustness finding when the input was invalid, else a GEN-JSON failure.
  const unusable = input === 'invalid' ? 'ROB-INVALID-INPUT' : undefined
  if (response.status >= 500) {
    return input === 'invalid'
      ? rule(
          'ROB-INVALID-INPUT',
          `${label}: the server answered invalid input with a server error; a client error is required`,
        )
      : rule(
          operationRule(operation.operationId),
          `${label}: the server answered a valid request with a server error: ${response.text.slice(0, 200) || '(no body)'}`,
        )
  }
  const hasBody = response.body.byteLength > 0
  const contentType = response.headers['content-type'] ?? ''
  if (hasBody && !/^application\/([a-z.+-]+\+)?json\b/i.test(contentType)) {
    return rule(
      unusable ?? 'GEN-JSON',
      `${label}: the server answered with content-type ${JSON.stringify(contentType)}; the spec requires application/json`,
    )
  }
  if (hasBody && response.json === undefined) {
    return rule(
      unusable ?? 'GEN-JSON',
      `${label}: the server answered a body that is not valid JSON, ${JSON.stringify(response.text.slice(0, 200))}; the spec requires JSON`,
    )
  }
  if (hasBody) held.push('GEN-JSON')
  // Nothing in the answer is a 5xx or unreadable: invalid input got a usable answer.
  if (input === 'invalid') held.push('ROB-INVALID-INPUT')
  const outcome = validator.validate(operation.api, operation.operationId, response.status, response.json)
  const grantError = isGrantError(operation, response.status)
  if (outcome.kind === 'valid' || outcome.kind === 'extra-members') {
    held.push(grantError ? 'OAS-GRANT-ERROR' : 'GEN-SCHEMA')
  }
  if (outcome.kind === 'valid' && !grantError) held.push('OAS-STRICT')
  if (outcome.kind === 'invalid' || outcome.kind === 'extra-members') {
    return schemaProblem(label, operation, response.status, outcome.kind, outcome.violations)
  }
  if (operation.api === 'resource-server' && response.status >= 400) {
    const problem = envelopeProblem(label, response.json)
    if (!problem) held.push('ERR-ENVELOPE')
    return problem
  }
  return undefined
}

/**
 * The spec's tables give required members and their types (GEN-SCHEMA). Members the OpenAPI documents leave
 * out (additionalProperties: false) and the error bodies of the authorization-server endpoints the spec does
 * not show (the grant request, token rotation and revocation; it shows only continuation's) are the OpenAPI
 * documents' word only: beyond the spec.
 */
function schemaProblem(
  label: string,
  operation: OperationRef,
  status: number,
  kind: 'invalid' | 'extra-members',
  violations: SchemaViolation[],
): string {
  const listed = (found: SchemaViolation[]) => found.map((v) => `  ${v.pointer}: ${v.message}`).join('\n')
  const answered = `${label}: the server answered a body that does not match the OpenAPI 1.3.0 schema (${operation.api})`
  if (isGrantError(operation, status)) {
    return rule('OAS-GRANT-ERROR', `${answered}:\n${listed(violations)}`)
  }
  if (kind === 'extra-members') {
    return rule('OAS-STRICT', `${answered}; it has members the schema does not list:\n${listed(violations)}`)
  }
  const named = memberRules(operation.operationId, violations).map(
    (id) => `\n${rule(id, 'a member this rule is about is among the violations above')}`,
  )
  return rule(
    'GEN-SCHEMA',
    `${answered}; the spec requires these members and types:\n${listed(violations)}${named.join('')}`,
  )
}

/** An error of an authorization-server endpoint the spec does not show (all but continuation's). */
function isGrantError(operation: OperationRef, status: number): boolean {
  return operation.api === 'auth-server' && operation.operationId !== 'post-continue' && status >= 400
}

function envelopeProblem(label: string, body: unknown): string | undefined {
  const error = (body as { error?: { code?: unknown; description?: unknown } } | undefined)?.error
  if (typeof error?.code === 'string' && typeof error.description === 'string') return undefined
  return rule(
    'ERR-ENVELOPE',
    `${label}: the server answered ${JSON.stringify(body)}; the spec requires {"error": {"code": string, "description": string}}`,
  )
}

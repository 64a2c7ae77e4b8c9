import type { Exchange } from '../../../clients/src/index.ts'
import { OPERATIONS, type OperationRef } from '../openapi/operations.ts'
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
  if (isContinuationError(operation, response.status)) {
    const problem = continuationCodeProblem(label, response.json)
    if (problem) return problem
    held.push('GEN-SCHEMA')
  }
  const outcome = validator.validate(operation.api, operation.operationId, response.status, response.json)
  const judge = judgeOf(operation, response.status)
  if (outcome.kind !== 'invalid' && outcome.kind !== 'undocumented' && judge !== 'OAS-STRICT')
    held.push(judge)
  if (outcome.kind === 'valid' && judge !== 'OAS-GRANT-ERROR') held.push('OAS-STRICT')
  if (outcome.kind === 'invalid' || outcome.kind === 'openapi-only' || outcome.kind === 'extra-members') {
    return schemaProblem(label, operation, judge, outcome.kind, outcome.violations)
  }
  if (operation.api === 'resource-server' && response.status >= 400) {
    const problem = envelopeProblem(label, response.json)
    if (!problem) held.push('ERR-ENVELOPE')
    return problem
  }
  return undefined
}

/**
 * Which rule judges a body's schema. The spec's tables describe the resource server's bodies and the continuation
 * response: their required members and types are GEN-SCHEMA's. The rest only the OpenAPI documents describe (the
 * wallet address document and its keys, the grant request's and token rotation's answers, and every error body of
 * the authorization server but the continuation's `error.code`): beyond the spec, OAS-GRANT-ERROR for the
 * authorization server's errors and OAS-STRICT for the others.
 */
function judgeOf(operation: OperationRef, status: number): RuleId {
  if (operation.api === 'auth-server' && status >= 400) return 'OAS-GRANT-ERROR'
  const described =
    operation.api === 'resource-server' || operation.operationId === OPERATIONS.postContinue.operationId
  return described ? 'GEN-SCHEMA' : 'OAS-STRICT'
}

/**
 * A body that breaks its schema. Under GEN-SCHEMA (a body the spec describes), members only the OpenAPI
 * document requires or leaves out (additionalProperties: false) are beyond the spec: OAS-STRICT.
 */
function schemaProblem(
  label: string,
  operation: OperationRef,
  judge: RuleId,
  kind: 'invalid' | 'openapi-only' | 'extra-members',
  violations: SchemaViolation[],
): string {
  const listed = (found: SchemaViolation[]) => found.map((v) => `  ${v.pointer}: ${v.message}`).join('\n')
  const answered = `${label}: the server answered a body that does not match the OpenAPI 1.3.0 schema (${operation.api})`
  const named = memberRules(operation.operationId, violations).map(
    (id) => `\n${rule(id, 'a member this rule is about is among the violations above')}`,
  )
  if (judge === 'OAS-GRANT-ERROR') return rule(judge, `${answered}:\n${listed(violations)}`)
  if (kind === 'extra-members') {
    return rule('OAS-STRICT', `${answered}; it has members the schema does not list:\n${listed(violations)}`)
  }
  if (judge === 'OAS-STRICT' || kind === 'openapi-only') {
    return rule(
      'OAS-STRICT',
      `${answered}; only the OpenAPI document requires these members and types (the spec does not):\n${listed(violations)}${kind === 'invalid' ? named.join('') : ''}`,
    )
  }
  return rule(
    'GEN-SCHEMA',
    `${answered}; the spec requires these members and types:\n${listed(violations)}${named.join('')}`,
  )
}

/** An error of the continuation endpoint: the spec shows its body as {error: {code}}. */
function isContinuationError(operation: OperationRef, status: number): boolean {
  return operation.operationId === OPERATIONS.postContinue.operationId && status >= 400
}

function continuationCodeProblem(label: string, body: unknown): string | undefined {
  const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code
  if (typeof code === 'string') return undefined
  return rule(
    'GEN-SCHEMA',
    `${label}: the server answered ${JSON.stringify(body)}; the spec shows a continuation error as {"error": {"code": string}}`,
  )
}

function envelopeProblem(label: string, body: unknown): string | undefined {
  const error = (body as { error?: { code?: unknown; description?: unknown } } | undefined)?.error
  if (typeof error?.code === 'string' && typeof error.description === 'string') return undefined
  return rule(
    'ERR-ENVELOPE',
    `${label}: the server answered ${JSON.stringify(body)}; the spec requires {"error": {"code": string, "description": string}}`,
  )
}

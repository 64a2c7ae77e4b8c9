import type { ErrorObject } from 'ajv'
import { HttpError } from '../http/errors.ts'

export interface SchemaViolation {
  pointer: string
  message: string
}

const MAX_REPORTED_VIOLATIONS = 10

/**
 * The one mapping from schema violations to a response: 400 `invalid_request`, a description naming the most
 * specific violation, `details.field` (dotted, as the hand-written checks name fields) and the violations.
 */
export function schemaHttpError(what: string, errors: ErrorObject[]): HttpError {
  const best = mostSpecific(errors)
  const violation = best === undefined ? undefined : toViolation(best)
  const where = violation === undefined || violation.pointer === '/' ? 'the body' : violation.pointer
  const description = `${what} does not match the Open Payments schema: ${
    violation === undefined ? 'it is invalid' : `${where} ${violation.message}`
  }.`
  const details: Record<string, unknown> = {
    violations: errors.map(toViolation).slice(0, MAX_REPORTED_VIOLATIONS),
  }
  const field = best === undefined ? undefined : fieldOf(best)
  if (field !== undefined) details.field = field
  return new HttpError(400, 'invalid_request', description, details)
}

// With anyOf/oneOf every branch reports its own errors. The branch with the fewest is the form the client
// most likely meant, and within it the error deepest in the body is nearly always the mistake (a wrong action
// inside an entry, rather than "does not match any branch" at the top).
function mostSpecific(errors: ErrorObject[]): ErrorObject | undefined {
  const specific = errors.filter((error) => !['anyOf', 'oneOf', 'if'].includes(error.keyword))
  const candidates = specific.length > 0 ? specific : errors
  const perBranch = new Map<string, number>()
  for (const error of candidates) perBranch.set(branchOf(error), (perBranch.get(branchOf(error)) ?? 0) + 1)
  const fewest = Math.min(...perBranch.values())
  return candidates
    .filter((error) => perBranch.get(branchOf(error)) === fewest)
    .reduce<ErrorObject | undefined>(
      (best, error) => (best === undefined || depth(error) > depth(best) ? error : best),
      undefined,
    )
}

function branchOf(error: ErrorObject): string {
  return /^#\/(?:oneOf|anyOf)\/\d+/.exec(error.schemaPath)?.[0] ?? ''
}

function depth(error: ErrorObject): number {
  return error.instancePath.split('/').length + (fieldParam(error) === undefined ? 0 : 1)
}

// A missing or unknown property is reported on its parent; the field is the property itself.
function fieldParam(error: ErrorObject): string | undefined {
  const params = error.params as Record<string, unknown>
  const name = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty
  return typeof name === 'string' ? name : undefined
}

function fieldOf(error: ErrorObject): string | undefined {
  const segments = error.instancePath.split('/').slice(1)
  const name = fieldParam(error)
  if (name !== undefined) segments.push(name)
  return segments.length === 0 ? undefined : segments.join('.')
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

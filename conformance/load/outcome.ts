import { ResponseCheckError } from '../harness/http/response-checks.ts'
import { rulesNamedIn } from '../harness/rules/rules-named-in.ts'

/** An iteration that went wrong, with the status of the last answer it had (the one that was wrong). */
export class FailedIteration extends Error {
  override name = 'FailedIteration'
  constructor(
    override readonly cause: unknown,
    /** The last answer's status and OpenAPI operation. */
    readonly lastStatus: number | undefined,
    readonly lastOperation: string | undefined,
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

/**
 * How a failed iteration is counted: by the status of the wrong answer, with the rule it broke when the status
 * itself was right (a 201 whose body breaks the schema is `201 GEN-SCHEMA`) or was a server error, and the
 * OpenAPI operation that answered (`400 (create-quote)`); `failed (why)` when something else failed: a request
 * (refused, reset, timed out) or the consent driver.
 */
export function describeFailure(error: unknown): string {
  const cause = error instanceof FailedIteration ? error.cause : error
  const message = cause instanceof Error ? cause.message : String(cause)
  // Only a check on an answer (the automatic rules, an `expect`) is about the last answer; anything else is the
  // request that got none.
  const aboutAnswer = cause instanceof ResponseCheckError || isExpectFailure(cause)
  const status = error instanceof FailedIteration && aboutAnswer ? error.lastStatus : undefined
  if (status === undefined) return `failed (${firstLine(message).slice(0, 80)})`
  const rules = rulesNamedIn(message)
  const broke = cause instanceof ResponseCheckError || (status >= 200 && status < 300)
  const what = broke && rules.length > 0 ? `${status} ${rules.join('+')}` : String(status)
  return error instanceof FailedIteration && error.lastOperation ? `${what} (${error.lastOperation})` : what
}

function isExpectFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'matcherResult' in error
}

export function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? ''
}

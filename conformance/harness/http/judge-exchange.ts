import type { Exchange } from '../../../clients/src/index.ts'
import type { OperationRef } from '../openapi/operations.ts'
import type { ResponseValidator } from '../openapi/response-validator.ts'
import { recordClauseChecks } from '../oracles/clause-check.ts'
import { resourceChecks } from '../oracles/resource-oracles.ts'
import { recordFinding } from '../rules/findings.ts'
import { observe } from '../rules/observations.ts'
import { findRule, type RuleId } from '../rules/registry.ts'
import { tierOf } from '../rules/rule.ts'
import { rulesNamedIn } from '../rules/rules-named-in.ts'
import { exchangeRef } from './format-exchange.ts'
import { redactTokens } from './redact-tokens.ts'
import { checkResponse, type RequestInput, ResponseCheckError } from './response-checks.ts'

/**
 * Judges one answer by the automatic checks, whoever sent the request (ConformanceApi, or a load engine that
 * sends through its own HTTP client), recording on the running test the automatic rules the answer met: throws ResponseCheckError when a spec rule is broken; returns the
 * beyond-spec or robustness finding, if any, which is reported and does not stop the caller.
 */
export function judgeExchange(
  validator: ResponseValidator,
  operation: OperationRef,
  exchange: Exchange,
  input: RequestInput,
  /** When the request left (ms since the epoch), where the sender knows it: run-wide oracles judge a token's age by it. */
  sentAt?: number,
): string | undefined {
  const held: RuleId[] = []
  const found = checkResponse(validator, operation, exchange, input, held)
  const seen = exchangeRef(exchange)
  for (const id of held) observe(id, 'pass', `${seen}: the automatic response checks hold`, seen)
  recordClauseChecks(resourceChecks(operation, exchange, input, sentAt), exchange)
  if (!found) return undefined
  const problem = redactTokens(found)
  // Only spec rules fail the test; a beyond-spec or robustness finding is reported and the test goes on.
  if (rulesNamedIn(problem).some((id) => tierOf(findRule(id)!) === 'spec')) {
    // A server error to a valid request is also a finding, so the rule fails even where the error is caught
    // (a property's shrinking, a shared grant retried): it never passes a spec rule.
    if (input === 'valid' && exchange.response.status >= 500) recordFinding(problem)
    throw new ResponseCheckError(problem, exchange)
  }
  recordFinding(problem)
  return problem
}

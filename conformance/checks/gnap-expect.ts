import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleId } from '../harness/rules/registry.ts'

export interface GnapErrorExpectation {
  rule: RuleId
  /** What the request was, for the message. */
  what: string
  statuses: readonly number[]
  codes: readonly string[]
  /**
   * Another answer the spec's error table also allows for this request, with the code the table pairs with its
   * status (where the spec does not say which of two conditions a server checks first).
   */
  orElse?: { status: number; codes: readonly string[] }
}

/** A GNAP error: one of the accepted statuses, `{error: {code}}` with an accepted code, and no token. */
export function expectGnapError(exchange: Exchange, expected: GnapErrorExpectation): void {
  const { response } = exchange
  const body = response.json as { access_token?: unknown } | undefined
  if (expected.orElse?.status === response.status) {
    expectGnapError(exchange, {
      ...expected,
      ...expected.orElse,
      statuses: [expected.orElse.status],
      orElse: undefined,
    })
    return
  }
  // The orElse status was judged above: listed here, it only completes what the message says is allowed.
  const statuses = [...expected.statuses, ...(expected.orElse ? [expected.orElse.status] : [])]
  expect(exchange).toAnswer(statuses, expected.rule, expected.what)
  const code = gnapErrorCode(exchange)
  expect(
    code,
    rule(
      expected.rule,
      `${expected.what}: error.code is one of ${expected.codes.join(', ')}: ${summarize(exchange)}`,
    ),
  ).toBeOneOf(expected.codes)
  expect(
    body?.access_token,
    rule(expected.rule, `${expected.what}: no access token is issued`),
  ).toBeUndefined()
}

/** `error.code` of a GNAP answer (`{"error": {"code", "description"}}`), if any. */
export function gnapErrorCode(exchange: Exchange): unknown {
  return (exchange.response.json as { error?: { code?: unknown } } | undefined)?.error?.code
}

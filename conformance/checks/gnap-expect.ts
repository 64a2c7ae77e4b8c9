import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import type { FinishRedirect } from '../harness/gnap/finish-redirect.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleRef } from '../harness/rules/registry.ts'
import { warn } from '../harness/rules/warn.ts'

export interface GnapErrorExpectation {
  rule: RuleRef
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

/**
 * The continuation of a grant the account holder rejected: never a token; a refusal is a 4xx with error.code, and
 * anything but 401 request_denied (what the spec's example answers) is noted.
 */
export function expectRejectedContinuation(exchange: Exchange): void {
  const body = exchange.response.json as { access_token?: unknown } | undefined
  expect(
    body?.access_token,
    rule('CONT-REJECTED', `no access token after a rejection: ${summarize(exchange)}`),
  ).toBe(undefined)
  if (exchange.response.status !== 200) {
    expect(exchange).toAnswer([400, 401, 403, 404], 'CONT-REJECTED', 'a refused continuation is a 4xx')
    expect(gnapErrorCode(exchange), rule('CONT-REJECTED', 'the refusal carries error.code')).toEqual(
      expect.any(String),
    )
  }
  if (exchange.response.status !== 401 || gnapErrorCode(exchange) !== 'request_denied') {
    warn(
      'CONT-REJECTED',
      `the continuation of a rejected grant answered ${summarize(exchange)}, not 401 request_denied`,
    )
  }
}

/** The finish redirect after the account holder rejected: no hash (nothing to continue); `grant_rejected` expected. */
export function expectRejectedFinish(finish: FinishRedirect): void {
  expect(
    finish.hash,
    rule('CONT-REJECTED', `the finish redirect after a rejection has no hash: ${finish.url}`),
  ).toBe(undefined)
  if (finish.result !== 'grant_rejected') {
    warn(
      'CONT-REJECTED',
      `the finish redirect after a rejection says result=${finish.result}, not grant_rejected`,
    )
  }
}

/** `error.code` of a GNAP answer (`{"error": {"code", "description"}}`), if any. */
export function gnapErrorCode(exchange: Exchange): unknown {
  return (exchange.response.json as { error?: { code?: unknown } } | undefined)?.error?.code
}

import { expect } from '@playwright/test'
import type { Exchange } from '../../clients/src/index.ts'
import { summarize } from '../http/format-exchange.ts'
import { rule } from '../rules/covers.ts'

export interface GnapErrorExpectation {
  rule: string
  /** What the request was, for the message. */
  what: string
  statuses: readonly number[]
  codes: readonly string[]
}

/** A GNAP error: one of the accepted statuses, `{error: {code}}` with an accepted code, and no token. */
export function expectGnapError(exchange: Exchange, expected: GnapErrorExpectation): void {
  const { response } = exchange
  const body = response.json as { access_token?: unknown } | undefined
  expect(
    expected.statuses,
    rule(
      expected.rule,
      `${expected.what}: status is one of ${expected.statuses.join(', ')}: ${summarize(exchange)}`,
    ),
  ).toContain(response.status)
  const code = gnapErrorCode(exchange)
  expect(
    expected.codes,
    rule(
      expected.rule,
      `${expected.what}: error.code is one of ${expected.codes.join(', ')}: ${summarize(exchange)}`,
    ),
  ).toContain(code)
  expect(
    body?.access_token,
    rule(expected.rule, `${expected.what}: no access token is issued`),
  ).toBeUndefined()
}

/** `error.code` of a GNAP answer (`{"error": {"code", "description"}}`), if any. */
export function gnapErrorCode(exchange: Exchange): unknown {
  return (exchange.response.json as { error?: { code?: unknown } } | undefined)?.error?.code
}

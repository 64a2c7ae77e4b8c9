import type { Exchange } from '../../../clients/src/index.ts'
import { expectRefusal, type Refusal } from '../../checks/refusals.ts'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { summarize } from '../../harness/http/format-exchange.ts'
import { rule } from '../../harness/rules/covers.ts'

/**
 * A refusal of generated invalid input. A server error is checked first and blamed on ROB-INVALID-INPUT, the
 * robustness tier, not the spec rule: the property still fails, so fast-check shrinks the input that breaks
 * the server (how a 500 at exactly 2^63 was found), and the verdict files it where the verdict's tiers say.
 * `envelope: false` (a request that may reach no endpoint of the spec) checks the status alone.
 */
export function expectClientError(exchange: Exchange, refusal: Refusal & { envelope?: boolean }): void {
  expect(
    exchange.response.status,
    rule(
      'ROB-INVALID-INPUT',
      `${refusal.what} answers a client error, not a server error: ${summarize(exchange)}`,
    ),
  ).toBeLessThan(500)
  if (refusal.envelope !== false) {
    expectRefusal(exchange, refusal)
    return
  }
  expect(exchange).toAnswer(refusal.statuses, refusal.rule, `${refusal.what} is refused`)
}

import type { WalletAddress } from '@interledger/open-payments'
import { asUriOf, type Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { grantEndpointSpellings } from '../harness/gnap/grants.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleId, RuleRef } from '../harness/rules/registry.ts'
import { warn } from '../harness/rules/warn.ts'

/** Unknown, expired or revoked tokens: decisions.md accepts Rafiki's 403 beside the 401 of RFC 9635. */
export const REFUSED_TOKEN_STATUSES: readonly number[] = [401, 403]

/**
 * 401 with `WWW-Authenticate: GNAP as_uri=<grant endpoint>`. The URI should be the wallet address's
 * authServer; another value is reported as a warning since the spec only asks for "the address of the
 * authorization server".
 */
export function expectAuthorizationRequired(
  exchange: Exchange,
  walletAddress: WalletAddress,
  what: string,
): void {
  expect(exchange).toAnswer(401, 'AUTH-REQUIRED', `${what} is refused with 401`)
  const header = exchange.response.headers['www-authenticate'] ?? ''
  expect(
    header,
    rule(
      'AUTH-WWW-AUTHENTICATE',
      `the 401 carries WWW-Authenticate: GNAP as_uri=<URI> (got ${JSON.stringify(header)})`,
    ),
  ).toMatch(/^GNAP as_uri=/)
  const asUri = asUriOf(header)
  if (asUri && !grantEndpointSpellings(walletAddress.authServer).includes(asUri)) {
    warn(
      'AUTH-WWW-AUTHENTICATE',
      `as_uri ${asUri} is not the wallet address's authServer ${walletAddress.authServer}`,
    )
  }
}

/** The unauthenticated view of an incoming payment: it shows no payment methods (they hold shared secrets). */
export function expectPublicView(exchange: Exchange, what: string, ruleId: RuleId = 'AUTH-REQUIRED'): void {
  expect(exchange).toAnswer(200, ruleId, `${what}: the public view`)
  const body = exchange.response.json as { methods?: unknown; receivedAmount?: unknown }
  expect(
    body.methods,
    rule(ruleId, `${what}: the public view shows no payment methods: ${summarize(exchange)}`),
  ).toBeUndefined()
}

/**
 * Get-incoming-payment with a valid token and no signature: refused for the missing signature (400 or 401), the
 * public view, or the full payment (the spec does not mark the signature required there), which is an
 * IP-UNSIGNED-READ warning.
 */
export function expectUnsignedReadAnswer(exchange: Exchange, what: string): void {
  if (exchange.response.status !== 200) {
    expect(exchange).toAnswer([400, 401], 'IP-UNSIGNED-READ', `${what}: refused, or the public view`)
    return
  }
  const body = exchange.response.json as { methods?: unknown } | undefined
  if (body?.methods === undefined) {
    expectPublicView(exchange, what, 'IP-UNSIGNED-READ')
    return
  }
  warn('IP-UNSIGNED-READ', `${what}: answered with the full payment, methods included`)
}

export function expectTokenRefused(exchange: Exchange, ruleId: RuleRef, what: string): void {
  expect(exchange).toAnswer(REFUSED_TOKEN_STATUSES, ruleId, `${what} is refused with 401 or 403`)
}

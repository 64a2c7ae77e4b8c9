import type { AccessToken } from '@interledger/open-payments'
import { expectTokenIssued, expectWellFormedToken } from '../checks/access-checks.ts'
import { expectTokenRefused } from '../checks/authentication-checks.ts'
import {
  amountIn,
  covers,
  expect,
  held,
  incomingPaymentAccess,
  type ResourceCall,
  type Resources,
  type RuleRef,
  resourceCalls,
  rule,
  test,
  warn,
} from '../fixtures/conformance-test.ts'

/** A call a token is tried on: it works (200) while the token lives, and is refused once it is dead. */
/** A token tried on one call: accepted, or refused, as the clause it is checked under says. */
function tokenProbe(resources: Resources, call: ResourceCall) {
  return {
    async works(token: string, ref: RuleRef, what: string) {
      expect(await resources.send(call, token)).toAnswer(200, ref, `${what} is accepted`)
    },
    async dead(token: string, ref: RuleRef, what: string) {
      expectTokenRefused(await resources.send(call, token), ref, what)
    },
  }
}

test.describe('token management', () => {
  test(
    'rotation gives a new token and retires the old one',
    covers('TOKEN-ROTATE', 'TOKEN-MANAGE'),
    async ({ grants, resources, discovery }) => {
      const { receiver } = discovery
      const old = (await grants.incomingPayment(receiver)).grant.access_token
      const probe = tokenProbe(resources, resourceCalls.listIncomingPayments(receiver))
      await probe.works(old.value, 'TOKEN-ROTATE', 'positive control: the token before rotation')

      const exchange = await grants.gnap.rotateToken(old)
      expect(exchange).toAnswer(200, 'TOKEN-ROTATE#new-value', 'POST <manage>')
      const rotated = (exchange.response.json as AccessToken).access_token
      expectTokenIssued('TOKEN-ROTATE', rotated, incomingPaymentAccess(receiver))
      expect(rotated.value, rule('TOKEN-ROTATE#new-value', 'the rotated token is a new value')).not.toBe(
        old.value,
      )

      await probe.works(rotated.value, 'TOKEN-ROTATE#new-value', 'the rotated token')
      await probe.dead(old.value, 'TOKEN-ROTATE#old-refused', 'the token it replaced')
    },
  )

  test(
    'two tokens issued to the client have different manage URIs',
    covers('TOKEN-MANAGE-DISTINCT'),
    async ({ grants, discovery }) => {
      const { receiver } = discovery
      const [first, second] = await Promise.all([
        grants.incomingPayment(receiver),
        grants.incomingPayment(receiver),
      ])
      const [a, b] = [first.grant.access_token, second.grant.access_token]
      expectWellFormedToken(a, 'GNAP-GRANT-IMMEDIATE')
      expectWellFormedToken(b, 'GNAP-GRANT-IMMEDIATE')
      expect(
        a.value,
        rule('TOKEN-MANAGE-DISTINCT', 'positive control: two grants issued two tokens to compare'),
      ).not.toBe(b.value)
      // A SHOULD (RFC 9635 lets the token presented say which token is managed): a warning, never a failure.
      if (a.manage === b.manage) warn('TOKEN-MANAGE-DISTINCT', `two tokens share the manage URI ${a.manage}`)
      else held('TOKEN-MANAGE-DISTINCT', `two tokens have the manage URIs ${a.manage} and ${b.manage}`)
    },
  )

  test('a revoked token stops working', covers('TOKEN-REVOKE'), async ({ grants, resources, discovery }) => {
    const { receiver } = discovery
    const token = (await grants.incomingPayment(receiver)).grant.access_token
    const probe = tokenProbe(resources, resourceCalls.listIncomingPayments(receiver))
    await probe.works(token.value, 'TOKEN-REVOKE', 'positive control: the token before revocation')

    await grants.revokeToken(token)
    await probe.dead(token.value, 'TOKEN-REVOKE#token', 'the revoked token')
  })

  test(
    'revoking an incoming-payment grant kills its token',
    covers('TOKEN-REVOKE'),
    async ({ grants, resources, discovery }) => {
      const { receiver } = discovery
      const issued = await grants.incomingPayment(receiver)
      const probe = tokenProbe(resources, resourceCalls.listIncomingPayments(receiver))
      await probe.works(issued.grant.access_token.value, 'TOKEN-REVOKE', 'positive control: the token')

      await grants.revokeGrant(issued)
      await probe.dead(
        issued.grant.access_token.value,
        'TOKEN-REVOKE#grant',
        'the token of the revoked grant',
      )
    },
  )

  test(
    'revoking an outgoing-payment grant kills its token',
    covers('TOKEN-REVOKE'),
    async ({ grants, resources, discovery }) => {
      const { sender } = discovery
      const issued = await grants.outgoingPayment(sender, {
        limits: { debitAmount: amountIn(sender, 1000n) },
      })
      const probe = tokenProbe(resources, resourceCalls.getOutgoingPaymentGrant(sender))
      await probe.works(issued.grant.access_token.value, 'TOKEN-REVOKE', 'positive control: the token')

      await grants.revokeGrant(issued)
      await probe.dead(
        issued.grant.access_token.value,
        'TOKEN-REVOKE#grant',
        'the token of the revoked grant',
      )
    },
  )
})

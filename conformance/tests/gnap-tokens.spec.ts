import type { AccessToken } from '@interledger/open-payments'
import { expectAccessGranted, expectWellFormedToken } from '../checks/access-checks.ts'
import { expectTokenRefused } from '../checks/authentication-checks.ts'
import { amountIn, covers, expect, type RuleId, rule, test, warn } from '../fixtures/conformance-test.ts'
import { incomingPaymentAccess } from '../harness/gnap/grant-requests.ts'
import { type ResourceCall, resourceCalls } from '../steps/resource-calls.ts'
import type { Resources } from '../steps/resources.ts'

async function expectWorks(
  resources: Resources,
  ruleId: RuleId,
  call: ResourceCall,
  token: string,
  what: string,
) {
  const exchange = await resources.send(call, token)
  expect(exchange).toAnswer(200, ruleId, `${what} is accepted`)
}

async function expectDead(
  resources: Resources,
  ruleId: RuleId,
  call: ResourceCall,
  token: string,
  what: string,
) {
  expectTokenRefused(await resources.send(call, token), ruleId, what)
}

test.describe('token management', () => {
  test(
    'rotation gives a new token and retires the old one',
    covers('TOKEN-ROTATE', 'TOKEN-MANAGE'),
    async ({ grants, resources, discovery }) => {
      const { receiver } = discovery
      const issued = await grants.incomingPayment(receiver)
      const old = issued.grant.access_token
      const list = resourceCalls.listIncomingPayments(receiver)
      await expectWorks(
        resources,
        'TOKEN-ROTATE',
        list,
        old.value,
        'positive control: the token before rotation',
      )

      const exchange = await grants.gnap.rotateToken(old)
      expect(exchange).toAnswer(200, 'TOKEN-ROTATE', 'POST <manage>')
      const rotated = (exchange.response.json as AccessToken).access_token
      expect(rotated?.value, rule('TOKEN-ROTATE', 'the rotated token has a value')).toEqual(
        expect.stringMatching(/\S/),
      )
      expect(rotated.value, rule('TOKEN-ROTATE', 'the rotated token is a new value')).not.toBe(old.value)
      expectWellFormedToken(rotated)
      expectAccessGranted('TOKEN-ROTATE', rotated, incomingPaymentAccess(receiver))

      await expectWorks(resources, 'TOKEN-ROTATE', list, rotated.value, 'the rotated token')
      await expectDead(resources, 'TOKEN-ROTATE', list, old.value, 'the token it replaced')
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
      expectWellFormedToken(a)
      expectWellFormedToken(b)
      expect(
        a.value,
        rule('TOKEN-MANAGE-DISTINCT', 'positive control: two grants issued two tokens to compare'),
      ).not.toBe(b.value)
      // A SHOULD (RFC 9635 lets the token presented say which token is managed): a warning, never a failure.
      if (a.manage === b.manage) {
        warn('TOKEN-MANAGE-DISTINCT', `two tokens share the manage URI ${a.manage}`)
      }
    },
  )

  test('a revoked token stops working', covers('TOKEN-REVOKE'), async ({ grants, resources, discovery }) => {
    const { receiver } = discovery
    const issued = await grants.incomingPayment(receiver)
    const token = issued.grant.access_token
    const list = resourceCalls.listIncomingPayments(receiver)
    await expectWorks(
      resources,
      'TOKEN-REVOKE',
      list,
      token.value,
      'positive control: the token before revocation',
    )

    await grants.revokeToken(token)
    await expectDead(resources, 'TOKEN-REVOKE', list, token.value, 'the revoked token')
  })

  test(
    'revoking an incoming-payment grant kills its token',
    covers('TOKEN-REVOKE'),
    async ({ grants, resources, discovery }) => {
      const { receiver } = discovery
      const issued = await grants.incomingPayment(receiver)
      const list = resourceCalls.listIncomingPayments(receiver)
      await expectWorks(
        resources,
        'TOKEN-REVOKE',
        list,
        issued.grant.access_token.value,
        'positive control: the token',
      )

      await grants.revokeGrant(issued)
      await expectDead(
        resources,
        'TOKEN-REVOKE',
        list,
        issued.grant.access_token.value,
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
      const spent = resourceCalls.getOutgoingPaymentGrant(sender)
      await expectWorks(
        resources,
        'TOKEN-REVOKE',
        spent,
        issued.grant.access_token.value,
        'positive control: the token',
      )

      await grants.revokeGrant(issued)
      await expectDead(
        resources,
        'TOKEN-REVOKE',
        spent,
        issued.grant.access_token.value,
        'the token of the revoked grant',
      )
    },
  )
})

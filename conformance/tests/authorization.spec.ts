import type { IncomingPayment } from '@interledger/open-payments'
import { expect, test } from '../fixtures/conformance-test.ts'
import { summarize } from '../http/format-exchange.ts'
import { resourceCalls } from '../resources/resource-calls.ts'
import { newMarker, Resources } from '../resources/resources.ts'
import { walkList } from '../resources/walk-list.ts'
import { covers, rule } from '../rules/covers.ts'

const FORBIDDEN = 403

test.describe('authorization: a token grants only what it names', () => {
  test(
    "a token for one wallet address cannot act on another's",
    covers('AUTH-PERMISSION'),
    async ({ grants, resources, discovery, sharedGrants }) => {
      const { sender, receiver } = discovery
      const receiverToken = await sharedGrants.token('incoming-payment')
      // A wallet address behind another authorization server would not know the token at all: 401 is right too.
      const accepted = sender.authServer === receiver.authServer ? [FORBIDDEN] : [401, FORBIDDEN]
      const marker = newMarker()
      for (const call of [
        resourceCalls.createIncomingPayment(sender, marker),
        resourceCalls.listIncomingPayments(sender),
      ]) {
        const refused = await resources.send(call, receiverToken)
        expect(
          refused.response.status,
          rule('AUTH-PERMISSION', `a token for ${receiver.id} used on ${sender.id}: ${summarize(refused)}`),
        ).toBeOneOf(accepted)
      }
      const senderList = (await grants.incomingPayment(sender, ['list'])).grant.access_token.value
      expect(
        await resources.listed(resourceCalls.listIncomingPayments(sender, 100), senderList, marker),
        rule('AUTH-PERMISSION', 'the refused creation created nothing'),
      ).toBe(false)

      const control = await resources.send(
        resourceCalls.createIncomingPayment(receiver, marker),
        receiverToken,
      )
      expect(
        control.response.status,
        rule(
          'AUTH-PERMISSION',
          `positive control, the same token on its own wallet address: ${summarize(control)}`,
        ),
      ).toBe(201)
    },
  )

  test(
    "a read token does not show another client's incoming payment",
    covers('AUTH-CLIENT-SCOPE'),
    async ({ resources, discovery, sharedGrants, secondApi, secondGrants }) => {
      test.skip(
        !secondApi || !secondGrants,
        'the target registers one client wallet address and the suite has no second client to compare with',
      )
      const { receiver } = discovery
      const theirs = await resources.createIncomingPayment(
        await sharedGrants.token('incoming-payment'),
        receiver,
      )
      const second = new Resources(secondApi!)
      const secondToken = (await secondGrants!.incomingPayment(receiver, ['create', 'read', 'list'])).grant
        .access_token.value

      const read = await second.send(resourceCalls.getIncomingPayment(theirs.id), secondToken)
      expect(
        read.response.status,
        rule(
          'AUTH-CLIENT-SCOPE',
          `another client's incoming payment with read, not read-all: ${summarize(read)}`,
        ),
      ).toBeOneOf([FORBIDDEN, 404])
      // Every page: the order of a list is not specified, so the other client's payment could be on any.
      const listed = await walkList(
        second,
        resourceCalls.listIncomingPayments(receiver, 100),
        secondToken,
        'AUTH-CLIENT-SCOPE',
      )
      expect(
        listed.map((item) => (item as IncomingPayment).id),
        rule('AUTH-CLIENT-SCOPE', "list, not list-all, leaves out another client's incoming payment"),
      ).not.toContain(theirs.id)

      const own = await second.createIncomingPayment(secondToken, receiver)
      const control = await second.send(resourceCalls.getIncomingPayment(own.id), secondToken)
      expect(
        control.response.status,
        rule(
          'AUTH-CLIENT-SCOPE',
          `positive control, the second client reads its own incoming payment: ${summarize(control)}`,
        ),
      ).toBe(200)
    },
  )

  test(
    'a quote token cannot create incoming payments',
    covers('AUTH-PERMISSION'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const marker = newMarker()
      const call = resourceCalls.createIncomingPayment(receiver, marker)
      const refused = await resources.send(call, await sharedGrants.token('quote'))
      expect(refused.response.status, rule('AUTH-PERMISSION', `a quote token: ${summarize(refused)}`)).toBe(
        FORBIDDEN,
      )
      const incomingToken = await sharedGrants.token('incoming-payment')
      expect(
        await resources.listed(resourceCalls.listIncomingPayments(receiver, 100), incomingToken, marker),
        rule('AUTH-PERMISSION', 'the refused creation created nothing'),
      ).toBe(false)

      const control = await resources.send(call, incomingToken)
      expect(
        control.response.status,
        rule('AUTH-PERMISSION', `positive control, an incoming-payment token: ${summarize(control)}`),
      ).toBe(201)
    },
  )

  test(
    'a token without complete cannot complete',
    covers('AUTH-PERMISSION'),
    async ({ grants, resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const withoutComplete = (await grants.incomingPayment(receiver, ['create', 'read'])).grant.access_token
        .value
      const payment = await resources.createIncomingPayment(withoutComplete, receiver)

      const refused = await resources.send(resourceCalls.completeIncomingPayment(payment.id), withoutComplete)
      expect(
        refused.response.status,
        rule('AUTH-PERMISSION', `complete without complete: ${summarize(refused)}`),
      ).toBe(FORBIDDEN)
      const after = await resources.send(resourceCalls.getIncomingPayment(payment.id), withoutComplete)
      expect(
        (after.response.json as IncomingPayment | undefined)?.completed,
        rule('AUTH-PERMISSION', `the refused completion changed nothing: ${summarize(after)}`),
      ).toBe(false)

      const control = await resources.send(
        resourceCalls.completeIncomingPayment(payment.id),
        await sharedGrants.token('incoming-payment'),
      )
      expect(
        control.response.status,
        rule('AUTH-PERMISSION', `positive control, a token with complete: ${summarize(control)}`),
      ).toBe(200)
    },
  )

  test(
    'the grant spent amounts need an outgoing-payment token',
    covers('AUTH-PERMISSION'),
    async ({ grants, resources, discovery, sharedGrants }) => {
      const { sender } = discovery
      const call = resourceCalls.getOutgoingPaymentGrant(sender)
      const others = [
        {
          name: 'an incoming-payment token for the sender',
          token: (await grants.incomingPayment(sender)).grant.access_token.value,
        },
        { name: 'a quote token', token: await sharedGrants.token('quote') },
      ]
      for (const { name, token } of others) {
        const refused = await resources.send(call, token)
        expect(refused.response.status, rule('AUTH-PERMISSION', `${name}: ${summarize(refused)}`)).toBe(
          FORBIDDEN,
        )
      }

      const control = await resources.send(call, await sharedGrants.token('outgoing-payment'))
      expect(
        control.response.status,
        rule('AUTH-PERMISSION', `positive control, an outgoing-payment token: ${summarize(control)}`),
      ).toBe(200)
    },
  )
})

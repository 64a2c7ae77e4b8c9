import { expectNothingCreated } from '../checks/nothing-created.ts'
import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import {
  bodyOf,
  covers,
  expect,
  newMarker,
  Resources,
  resourceCalls,
  rule,
  test,
  walkListIds,
} from '../fixtures/conformance-test.ts'

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
        resourceCalls.createIncomingPayment(sender, { incomingValue: 100n, marker }),
        resourceCalls.listIncomingPayments(sender),
      ]) {
        const refused = await resources.send(call, receiverToken)
        expect(refused).toAnswer(
          accepted,
          'AUTH-PERMISSION',
          `a token for ${receiver.id} used on ${sender.id}`,
        )
      }
      const senderList = (await grants.incomingPayment(sender, ['list'])).grant.access_token.value
      const list = resourceCalls.listIncomingPayments(sender, 100)
      await expectNothingCreated(
        { resources, list, token: senderList },
        marker,
        'AUTH-PERMISSION',
        'the refused creation',
      )

      const control = await resources.send(
        resourceCalls.createIncomingPayment(receiver, { incomingValue: 100n, marker }),
        receiverToken,
      )
      expect(control).toAnswer(
        201,
        'AUTH-PERMISSION',
        'positive control, the same token on its own wallet address',
      )
    },
  )

  test(
    "a read token does not show another client's incoming payment",
    covers('AUTH-CLIENT-SCOPE'),
    async ({ resources, discovery, sharedGrants, secondApi, secondGrants }) => {
      test.skip(
        !secondApi || !secondGrants,
        'the target registers one client wallet address and the suite has no second client to compare with: a ' +
          'secondClient in the target file completes this check',
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
      expect(read).toAnswer(
        [FORBIDDEN, 404],
        'AUTH-CLIENT-SCOPE',
        "another client's incoming payment with read, not read-all",
      )
      // Every page: the order of a list is not specified, so the other client's payment could be on any.
      const list = resourceCalls.listIncomingPayments(receiver, 100)
      expect(
        await walkListIds(second, list, secondToken, 'AUTH-CLIENT-SCOPE'),
        rule('AUTH-CLIENT-SCOPE', "list, not list-all, leaves out another client's incoming payment"),
      ).not.toContain(theirs.id)

      const own = await second.createIncomingPayment(secondToken, receiver)
      const control = await second.send(resourceCalls.getIncomingPayment(own.id), secondToken)
      expect(control).toAnswer(
        200,
        'AUTH-CLIENT-SCOPE',
        'positive control, the second client reads its own incoming payment',
      )
    },
  )

  test(
    'a quote token cannot create incoming payments',
    covers('AUTH-PERMISSION'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const marker = newMarker()
      const call = resourceCalls.createIncomingPayment(receiver, { incomingValue: 100n, marker })
      const incomingToken = await sharedGrants.token('incoming-payment')
      await expectRefusedWithoutEffect(await resources.send(call, await sharedGrants.token('quote')), {
        rule: 'AUTH-PERMISSION',
        what: 'a quote token',
        statuses: [FORBIDDEN],
        tookEffect: () =>
          resources.listed(resourceCalls.listIncomingPayments(receiver, 100), incomingToken, marker),
        control: () => resources.send(call, incomingToken),
        controlStatus: 201,
        controlWhat: 'an incoming-payment token',
      })
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

      const complete = resourceCalls.completeIncomingPayment(payment.id)
      await expectRefusedWithoutEffect(await resources.send(complete, withoutComplete), {
        rule: 'AUTH-PERMISSION',
        what: 'complete without complete',
        statuses: [FORBIDDEN],
        // Anything but `completed: false` read back counts as an effect (or as no proof there was none).
        tookEffect: async () => {
          const after = await resources.send(resourceCalls.getIncomingPayment(payment.id), withoutComplete)
          return after.response.status !== 200 || bodyOf(after, 'incoming-payment').completed !== false
        },
        control: async () => resources.send(complete, await sharedGrants.token('incoming-payment')),
        controlStatus: 200,
        controlWhat: 'a token with complete',
      })
    },
  )

  test(
    'the grant spent amounts need an outgoing-payment token',
    covers('AUTH-PERMISSION'),
    async ({ grants, resources, discovery, sharedGrants }) => {
      const { sender } = discovery
      const call = resourceCalls.getOutgoingPaymentGrant(sender)
      const others: [what: string, token: string][] = [
        [
          'an incoming-payment token for the sender',
          (await grants.incomingPayment(sender)).grant.access_token.value,
        ],
        ['a quote token', await sharedGrants.token('quote')],
      ]
      for (const [what, token] of others) {
        expect(await resources.send(call, token)).toAnswer(FORBIDDEN, 'AUTH-PERMISSION', what)
      }
      const control = await resources.send(call, await sharedGrants.token('outgoing-payment'))
      expect(control).toAnswer(200, 'AUTH-PERMISSION', 'positive control, an outgoing-payment token')
    },
  )
})

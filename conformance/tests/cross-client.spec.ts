import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import {
  amountIn,
  bodyOf,
  type ConformanceApi,
  covers,
  type Discovery,
  type Exchange,
  expect,
  type Grants,
  incomingPaymentAccess,
  notApplicable,
  type PaymentSteps,
  quoteAccess,
  Resources,
  resourceCalls,
  rule,
  summarize,
  test,
  walkListIds,
} from '../fixtures/conformance-test.ts'

/** decisions.md: another client's resource under `read` (not `read-all`) is forbidden or not found. */
const HIDDEN = [403, 404]
const NO_SECOND_CLIENT =
  'the target registers one client wallet address and the suite has no second client to compare with: a ' +
  'secondClient in the target file completes these checks'

test.describe('another client: read shows only the client’s own, read-all shows all', () => {
  test(
    "a quote token with read does not show another client's quote",
    covers('AUTH-CLIENT-SCOPE'),
    async ({ discovery, paymentSteps, secondApi, secondGrants }) => {
      const second = secondClient(secondApi, secondGrants)
      const { payment, quote } = await receiverAndQuote(paymentSteps, discovery)
      const theirs = await quote()
      const secondToken = (await second.grants.quote(discovery.sender, ['create', 'read'])).grant.access_token
        .value
      const own = await second.resources.createQuote(secondToken, discovery.sender, payment.id, {
        debitAmount: amountIn(discovery.sender, discovery.unit),
      })

      await expectRefusedWithoutEffect(
        await second.resources.send(resourceCalls.getQuote(theirs.id), secondToken),
        {
          rule: 'AUTH-CLIENT-SCOPE',
          what: "another client's quote read with read, not read-all",
          statuses: HIDDEN,
          control: () => second.resources.send(resourceCalls.getQuote(own.id), secondToken),
          controlStatus: 200,
          controlWhat: 'the second client reads its own quote',
        },
      )
    },
  )

  test(
    "a quote token with read-all reads another client's quote where the server grants it",
    covers('AUTH-READ-ALL'),
    async ({ discovery, paymentSteps, secondApi, secondGrants }) => {
      const second = secondClient(secondApi, secondGrants)
      const readAll = await second.grants.immediateIfGranted(discovery.sender.authServer, [
        { ...quoteAccess(), actions: ['read-all'] },
      ])
      const token = grantedOrNotApplicable(readAll, 'quote read-all')
      const theirs = await (await receiverAndQuote(paymentSteps, discovery)).quote()
      const read = await second.resources.send(resourceCalls.getQuote(theirs.id), token)
      expect(read).toAnswer(200, 'AUTH-READ-ALL', "read-all reads another client's quote")
      expect(
        bodyOf(read, 'quote').id,
        rule('AUTH-READ-ALL', `read-all reads the quote asked for: ${summarize(read)}`),
      ).toBe(theirs.id)
    },
  )

  test(
    "an outgoing-payment token with read and list does not show another client's outgoing payment",
    covers('AUTH-CLIENT-SCOPE'),
    async ({ discovery, paymentSteps, secondApi, secondGrants }) => {
      const second = secondClient(secondApi, secondGrants)
      const { sender } = discovery
      const secondGrant = await second.grants.outgoingPayment(sender, { actions: ['create', 'read', 'list'] })
      const secondToken = secondGrant.grant.access_token.value
      const { quote } = await receiverAndQuote(paymentSteps, discovery)
      const theirs = await paymentSteps.pay(await quote())
      const own = await second.resources.createOutgoingPayment(secondToken, sender, (await quote()).id)

      await expectRefusedWithoutEffect(
        await second.resources.send(resourceCalls.getOutgoingPayment(theirs.id), secondToken),
        {
          rule: 'AUTH-CLIENT-SCOPE',
          what: "another client's outgoing payment read with read, not read-all",
          statuses: HIDDEN,
          control: () => second.resources.send(resourceCalls.getOutgoingPayment(own.id), secondToken),
          controlStatus: 200,
          controlWhat: 'the second client reads its own outgoing payment',
        },
      )
      // Every page: the order of a list is not specified.
      const list = resourceCalls.listOutgoingPayments(sender, 100)
      const listed = await walkListIds(second.resources, list, secondToken, 'AUTH-CLIENT-SCOPE')
      expect(
        listed,
        rule('AUTH-CLIENT-SCOPE', "list, not list-all, leaves out another client's outgoing payment"),
      ).not.toContain(theirs.id)
      expect(
        listed,
        rule('AUTH-CLIENT-SCOPE', 'positive control: list shows the client its own outgoing payment'),
      ).toContain(own.id)
    },
  )

  test(
    "an incoming-payment token with read-all reads another client's incoming payment where it is granted",
    covers('AUTH-READ-ALL'),
    async ({ discovery, sharedGrants, resources, secondApi, secondGrants }) => {
      const second = secondClient(secondApi, secondGrants)
      const { receiver } = discovery
      const theirs = await resources.createIncomingPayment(
        await sharedGrants.token('incoming-payment'),
        receiver,
      )
      const readAll = await second.grants.immediateIfGranted(receiver.authServer, [
        incomingPaymentAccess(receiver, ['read-all', 'list-all']),
      ])
      const token = grantedOrNotApplicable(readAll, 'incoming-payment read-all and list-all')
      const read = await second.resources.send(resourceCalls.getIncomingPayment(theirs.id), token)
      expect(read).toAnswer(200, 'AUTH-READ-ALL', "read-all reads another client's incoming payment")
      const list = resourceCalls.listIncomingPayments(receiver, 100)
      expect(
        await walkListIds(second.resources, list, token, 'AUTH-READ-ALL'),
        rule('AUTH-READ-ALL', "list-all shows another client's incoming payment"),
      ).toContain(theirs.id)
    },
  )

  test(
    "an outgoing-payment token with read-all and list-all shows another client's outgoing payment where the server grants it",
    covers('AUTH-READ-ALL'),
    async ({ discovery, paymentSteps, secondApi, secondGrants }) => {
      const second = secondClient(secondApi, secondGrants)
      const { sender } = discovery
      const readAll = await second.grants.outgoingPaymentIfGranted(sender, {
        actions: ['read-all', 'list-all'],
      })
      const token = grantedOrNotApplicable(
        'refused' in readAll ? readAll : { token: readAll.issued.grant.access_token.value },
        'outgoing-payment read-all and list-all',
      )
      const theirs = await paymentSteps.pay(await (await receiverAndQuote(paymentSteps, discovery)).quote())
      const read = await second.resources.send(resourceCalls.getOutgoingPayment(theirs.id), token)
      expect(read).toAnswer(200, 'AUTH-READ-ALL', "read-all reads another client's outgoing payment")
      const list = resourceCalls.listOutgoingPayments(sender, 100)
      expect(
        await walkListIds(second.resources, list, token, 'AUTH-READ-ALL'),
        rule('AUTH-READ-ALL', "list-all shows another client's outgoing payment"),
      ).toContain(theirs.id)
    },
  )
})

/** The second client's calls and grants; the test is skipped where there is no second client. */
function secondClient(api: ConformanceApi | undefined, grants: Grants | undefined) {
  test.skip(!api || !grants, NO_SECOND_CLIENT)
  return { resources: new Resources(api!), grants: grants! }
}

/** A receiver with room for the test's payments, and quotes of one unit to it by the first client. */
async function receiverAndQuote(paymentSteps: PaymentSteps, { sender, unit }: Discovery) {
  const { payment } = await paymentSteps.receiver({ incomingValue: 1000n * unit })
  return { payment, quote: () => paymentSteps.quote(payment.id, { debitAmount: amountIn(sender, unit) }) }
}

/** The token of a grant a server may decline to give; where it declines, the test does not apply. */
function grantedOrNotApplicable(outcome: { token: string } | { refused: Exchange }, rights: string): string {
  notApplicable(
    'refused' in outcome,
    `the server does not grant ${rights}: ${'refused' in outcome ? summarize(outcome.refused) : ''}`,
  )
  return (outcome as { token: string }).token
}

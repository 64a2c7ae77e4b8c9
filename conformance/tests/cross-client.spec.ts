import type { Exchange } from '../../clients/src/index.ts'
import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { amountIn } from '../harness/discovery/discovery.ts'
import { grantRequest, incomingPaymentAccess, quoteAccess } from '../harness/gnap/grant-requests.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { covers, rule } from '../harness/rules/covers.ts'
import { notApplicable } from '../harness/rules/not-applicable.ts'
import { resourceCalls } from '../steps/resource-calls.ts'
import { Resources } from '../steps/resources.ts'
import { walkList } from '../steps/walk-list.ts'

/** decisions.md: another client's resource under `read` (not `read-all`) is forbidden or not found. */
const HIDDEN = [403, 404]
const NO_SECOND_CLIENT =
  'the target registers one client wallet address and the suite has no second client to compare with'

test.describe('another client: read shows only the client’s own, read-all shows all', () => {
  test(
    "a quote token with read does not show another client's quote",
    covers('AUTH-CLIENT-SCOPE'),
    async ({ discovery, paymentSteps, secondApi, secondGrants }) => {
      test.skip(!secondApi || !secondGrants, NO_SECOND_CLIENT)
      const { sender, unit } = discovery
      const { payment } = await paymentSteps.receiver({ incomingValue: 1000n * unit })
      const theirs = await paymentSteps.quote(payment.id, { debitAmount: amountIn(sender, unit) })
      const second = new Resources(secondApi!)
      const secondToken = (await secondGrants!.quote(sender, ['create', 'read'])).grant.access_token.value
      const own = await second.createQuote(secondToken, sender, payment.id, discovery.unit)

      await expectRefusedWithoutEffect(await second.send(resourceCalls.getQuote(theirs.id), secondToken), {
        rule: 'AUTH-CLIENT-SCOPE',
        what: "another client's quote read with read, not read-all",
        statuses: HIDDEN,
        control: () => second.send(resourceCalls.getQuote(own.id), secondToken),
        controlStatus: 200,
        controlWhat: 'the second client reads its own quote',
      })
    },
  )

  test(
    "a quote token with read-all reads another client's quote where the server grants it",
    covers('AUTH-READ-ALL'),
    async ({ discovery, paymentSteps, secondApi, secondGrants }) => {
      test.skip(!secondApi || !secondGrants, NO_SECOND_CLIENT)
      const { sender, unit } = discovery
      const readAll = await secondGrants!.gnap.requestGrant(
        sender.authServer,
        grantRequest(secondGrants!.client, [{ ...quoteAccess(), actions: ['read-all'] }]),
      )
      const token = issuedToken(readAll)
      notApplicable(token === undefined, `the server does not grant quote read-all: ${summarize(readAll)}`)
      const { payment } = await paymentSteps.receiver({ incomingValue: 1000n * unit })
      const theirs = await paymentSteps.quote(payment.id, { debitAmount: amountIn(sender, unit) })
      const read = await new Resources(secondApi!).send(resourceCalls.getQuote(theirs.id), token!)
      expect(
        read.response.status,
        rule('AUTH-READ-ALL', `read-all reads another client's quote: ${summarize(read)}`),
      ).toBe(200)
      expect(
        (read.response.json as { id?: unknown } | undefined)?.id,
        rule('AUTH-READ-ALL', `read-all reads the quote asked for: ${summarize(read)}`),
      ).toBe(theirs.id)
    },
  )

  test(
    "an outgoing-payment token with read and list does not show another client's outgoing payment",
    covers('AUTH-CLIENT-SCOPE'),
    async ({ discovery, paymentSteps, secondApi, secondGrants }) => {
      test.skip(!secondApi || !secondGrants, NO_SECOND_CLIENT)
      const { sender, unit } = discovery
      const secondToken = (
        await secondGrants!.outgoingPayment(sender, { actions: ['create', 'read', 'list'] })
      ).grant.access_token.value
      const { payment } = await paymentSteps.receiver({ incomingValue: 1000n * unit })
      const theirs = await paymentSteps.pay(
        await paymentSteps.quote(payment.id, { debitAmount: amountIn(sender, unit) }),
      )
      const second = new Resources(secondApi!)
      const own = await second.createOutgoingPayment(
        secondToken,
        sender,
        (await paymentSteps.quote(payment.id, { debitAmount: amountIn(sender, unit) })).id,
      )

      await expectRefusedWithoutEffect(
        await second.send(resourceCalls.getOutgoingPayment(theirs.id), secondToken),
        {
          rule: 'AUTH-CLIENT-SCOPE',
          what: "another client's outgoing payment read with read, not read-all",
          statuses: HIDDEN,
          control: () => second.send(resourceCalls.getOutgoingPayment(own.id), secondToken),
          controlStatus: 200,
          controlWhat: 'the second client reads its own outgoing payment',
        },
      )
      // Every page: the order of a list is not specified.
      const listed = (
        await walkList(
          second,
          resourceCalls.listOutgoingPayments(sender, 100),
          secondToken,
          'AUTH-CLIENT-SCOPE',
        )
      ).map((item) => (item as { id?: unknown }).id)
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
      test.skip(!secondApi || !secondGrants, NO_SECOND_CLIENT)
      const { receiver } = discovery
      const theirs = await resources.createIncomingPayment(
        await sharedGrants.token('incoming-payment'),
        receiver,
      )
      const readAll = await secondGrants!.gnap.requestGrant(
        receiver.authServer,
        grantRequest(secondGrants!.client, [incomingPaymentAccess(receiver, ['read-all', 'list-all'])]),
      )
      const token = issuedToken(readAll)
      notApplicable(
        token === undefined,
        `the server does not grant incoming-payment read-all and list-all: ${summarize(readAll)}`,
      )
      const second = new Resources(secondApi!)
      const read = await second.send(resourceCalls.getIncomingPayment(theirs.id), token!)
      expect(
        read.response.status,
        rule('AUTH-READ-ALL', `read-all reads another client's incoming payment: ${summarize(read)}`),
      ).toBe(200)
      const listed = (
        await walkList(second, resourceCalls.listIncomingPayments(receiver, 100), token!, 'AUTH-READ-ALL')
      ).map((item) => (item as { id?: unknown }).id)
      expect(listed, rule('AUTH-READ-ALL', "list-all shows another client's incoming payment")).toContain(
        theirs.id,
      )
    },
  )

  test(
    "an outgoing-payment token with read-all and list-all shows another client's outgoing payment where the server grants it",
    covers('AUTH-READ-ALL'),
    async ({ discovery, paymentSteps, secondApi, secondGrants }) => {
      test.skip(!secondApi || !secondGrants, NO_SECOND_CLIENT)
      const { sender, unit } = discovery
      const readAll = await secondGrants!.outgoingPaymentIfGranted(sender, {
        actions: ['read-all', 'list-all'],
      })
      notApplicable(
        'refused' in readAll,
        `the server does not grant outgoing-payment read-all and list-all: ${'refused' in readAll ? summarize(readAll.refused) : ''}`,
      )
      const token = (readAll as { issued: IssuedGrant }).issued.grant.access_token.value
      const { payment } = await paymentSteps.receiver({ incomingValue: 1000n * unit })
      const theirs = await paymentSteps.pay(
        await paymentSteps.quote(payment.id, { debitAmount: amountIn(sender, unit) }),
      )
      const second = new Resources(secondApi!)
      const read = await second.send(resourceCalls.getOutgoingPayment(theirs.id), token)
      expect(
        read.response.status,
        rule('AUTH-READ-ALL', `read-all reads another client's outgoing payment: ${summarize(read)}`),
      ).toBe(200)
      const listed = (
        await walkList(second, resourceCalls.listOutgoingPayments(sender, 100), token, 'AUTH-READ-ALL')
      ).map((item) => (item as { id?: unknown }).id)
      expect(listed, rule('AUTH-READ-ALL', "list-all shows another client's outgoing payment")).toContain(
        theirs.id,
      )
    },
  )
})

/** The access token of a grant request's answer, or undefined when the server did not issue one. */
function issuedToken(exchange: Exchange): string | undefined {
  if (exchange.response.status !== 200) return undefined
  const value = (exchange.response.json as { access_token?: { value?: unknown } } | undefined)?.access_token
    ?.value
  return typeof value === 'string' ? value : undefined
}

import type { OutgoingPayment } from '@interledger/open-payments'
import fc from 'fast-check'
import { expectRefusal } from '../checks/refusals.ts'
import { amountIn, bodyOf, expect, rule, summarize, test } from '../fixtures/conformance-test.ts'
import { MAX_UINT64 } from '../harness/openapi/uint64-format.ts'
import { BEYOND_ANY_BALANCE } from '../steps/amounts.ts'
import { hasMarker, resourceCalls } from '../steps/resource-calls.ts'
import { newMarker } from '../steps/resources.ts'
import { walkList } from '../steps/walk-list.ts'
import { paymentValueArb } from './arbitraries/amount-arbitraries.ts'
import { timeoutFor } from './support/property-budget.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

// Each run pays a sequence under a grant of its own (one consent, about 1 s), so what a grant has spent never
// carries from one run to the next: a failure shrinks to the payments that cause it, and replays.
const BUDGET = { numRuns: 6, timeLimitMs: 15_000 }
const MAX_PAYMENTS = 8
const NAME = 'payment-amount-uint64'
/** A payment no account can cover may be refused at once, as the example tests accept (OP-FAILED). */
const REFUSED = [400, 403]

test.describe('amounts: an outgoing payment keeps the debitAmount it is given, digit for digit, or refuses it', () => {
  test(
    'any uint64 debitAmounts of payments made from an incoming payment, one after another under one grant, are kept exactly or refused',
    propertyDetails(NAME, 'AMT-UINT64', 'OP-CREATE-INCOMING'),
    async ({ grants, paymentSteps, resources, discovery }, testInfo) => {
      test.setTimeout(timeoutFor(BUDGET))
      const { sender, unit } = discovery
      const { payment: receiver } = await paymentSteps.receiver()
      const refused: { value: bigint; marker: string; token: string }[] = []

      await runProperty(
        testInfo,
        NAME,
        fc.array(paymentValueArb(unit), { minLength: 1, maxLength: MAX_PAYMENTS }),
        async (values) => {
          // No limit: what a payment may be is the amount's question here, not the grant's.
          const token = (await grants.outgoingPayment(sender)).grant.access_token.value
          let created = 0n
          for (const value of values) created += await payOnce(value, token, created)
        },
        BUDGET,
      )

      /**
       * Pays `value` under the grant whose earlier payments were created for `before` in all, and returns what
       * this one adds. A payment beyond any balance may be refused, and so may one that would take the grant's
       * totals past the largest amount (the spent amounts could not be written).
       */
      async function payOnce(value: bigint, token: string, before: bigint): Promise<bigint> {
        const debitAmount = amountIn(sender, value)
        const marker = newMarker()
        const created = await paymentSteps.sendDirectPayment(receiver.id, value, marker, token)
        const what = `a payment of debitAmount ${value} to ${receiver.id}, under a grant that has created payments for ${before}`
        const mayRefuse = value >= BEYOND_ANY_BALANCE || before + value > MAX_UINT64
        if (mayRefuse && REFUSED.includes(created.response.status)) {
          expectRefusal(created, { rule: 'AMT-UINT64', what, statuses: REFUSED })
          refused.push({ value, marker, token })
          return 0n
        }
        expect(created).toAnswer(
          201,
          'OP-CREATE-INCOMING',
          `${what} answers 201${mayRefuse ? ' or a refusal' : ''}`,
        )
        const payment = bodyOf(created, 'outgoing-payment')
        expect(
          payment.debitAmount,
          rule('AMT-UINT64', `create returns debitAmount ${value} digit for digit: ${summarize(created)}`),
        ).toEqual(debitAmount)
        // What was stored, not only what was echoed.
        const read = await resources.send(resourceCalls.getOutgoingPayment(payment.id), token)
        expect(
          (read.response.json as OutgoingPayment | undefined)?.debitAmount,
          rule('AMT-UINT64', `get returns debitAmount ${value} digit for digit: ${summarize(read)}`),
        ).toEqual(debitAmount)
        return value
      }

      if (refused.length === 0) return
      const listed = await walkList(
        resources,
        resourceCalls.listOutgoingPayments(sender, 100),
        refused[0]!.token,
        'OP-GET',
      )
      for (const { value, marker } of refused) {
        expect(
          listed.some((item) => hasMarker(item, marker)),
          rule('AMT-UINT64', `the refused payment of ${value} created no outgoing payment`),
        ).toBe(false)
      }
    },
  )
})

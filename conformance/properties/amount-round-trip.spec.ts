import type { IncomingPayment } from '@interledger/open-payments'
import { amountIn, bodyOf, expect, rule, summarize, test, warn } from '../fixtures/conformance-test.ts'
import { hasMarker, markerMetadata, resourceCalls } from '../steps/resource-calls.ts'
import { newMarker } from '../steps/resources.ts'
import { walkList } from '../steps/walk-list.ts'
import { uint64ValueArb } from './arbitraries/amount-arbitraries.ts'
import { timeoutFor } from './support/property-budget.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

// Each run creates an incoming payment on the shared receiver.
const BUDGET = { numRuns: 15, timeLimitMs: 20_000 }

test.describe('amounts: a uint64 value is kept digit for digit or refused', () => {
  test(
    'any uint64 incomingAmount value answers 201 echoing it exactly, or 400 creating nothing',
    propertyDetails('incoming-amount-uint64', 'AMT-UINT64'),
    async ({ resources, discovery, sharedGrants }, testInfo) => {
      test.setTimeout(timeoutFor(BUDGET))
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const testMarker = newMarker()
      const refused: { value: bigint; marker: string }[] = []

      await runProperty(
        testInfo,
        'incoming-amount-uint64',
        uint64ValueArb,
        async (value) => {
          const marker = `${testMarker}-${value}`
          const incomingAmount = amountIn(receiver, value)
          const created = await resources.send(
            resourceCalls.createIncomingPaymentWith(receiver, {
              incomingAmount,
              metadata: markerMetadata(marker),
            }),
            token,
          )
          // A server may cap one incoming payment below the uint64 maximum; the error envelope is checked on
          // every response.
          if (created.response.status === 400) {
            refused.push({ value, marker })
            return
          }
          expect(created).toAnswer(201, 'AMT-UINT64', `incomingAmount ${value} answers 201 or 400`)
          const payment = bodyOf(created, 'incoming-payment')
          expect(
            payment.incomingAmount,
            rule(
              'AMT-UINT64',
              `create returns incomingAmount ${value} digit for digit: ${summarize(created)}`,
            ),
          ).toEqual(incomingAmount)
          // What was stored, not only what was echoed.
          const read = await resources.send(resourceCalls.getIncomingPayment(payment.id), token)
          expect(
            (read.response.json as IncomingPayment | undefined)?.incomingAmount,
            rule('AMT-UINT64', `get returns incomingAmount ${value} digit for digit: ${summarize(read)}`),
          ).toEqual(incomingAmount)
        },
        BUDGET,
      )

      if (refused.length > 0) {
        warn('AMT-UINT64', `refused with 400: incomingAmount ${refused.map((r) => r.value).join(', ')}`)
        const listed = await walkList(
          resources,
          resourceCalls.listIncomingPayments(receiver, 100),
          token,
          'IP-LIST',
        )
        for (const { value, marker } of refused) {
          expect(
            listed.some((item) => hasMarker(item, marker)),
            rule('AMT-UINT64', `the refused incomingAmount ${value} created nothing`),
          ).toBe(false)
        }
      }

      const control = await resources.send(
        resourceCalls.createIncomingPaymentWith(receiver, { incomingAmount: amountIn(receiver, 1n) }),
        token,
      )
      expect(control).toAnswer(201, 'AMT-UINT64', 'positive control, incomingAmount 1 is accepted')
    },
  )
})
